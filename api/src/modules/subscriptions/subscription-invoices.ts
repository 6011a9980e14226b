import type { Knex } from 'knex';
import { issueInvoice, type InvoiceRow } from '../billing/invoices';
import type { User } from '../users/user.model';
import type { SubscriptionPlan } from './subscription-plan.model';

const day = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The invoice of a subscription payment, the first or a renewal (decision
 * 176): one per paid period, keyed by the event that reports it (the same
 * key as its mail), so a webhook delivered twice or a demo renewal retried
 * makes one invoice. One line, the plan for its period, at the plan's price;
 * no sales tax on a service.
 */
export function issueSubscriptionInvoice(
  trx: Knex.Transaction,
  payment: {
    key: string;
    provider: 'stripe' | 'demo';
    providerInvoiceId: string | null;
    periodStart: Date | null;
    periodEnd: Date | null;
  },
  plan: SubscriptionPlan,
  user: User,
): Promise<InvoiceRow> {
  const period =
    payment.periodStart && payment.periodEnd
      ? `, ${day(new Date(payment.periodStart))} to ${day(new Date(payment.periodEnd))}`
      : '';
  return issueInvoice(trx, {
    source: 'subscription',
    sourceId: payment.key,
    userId: user.id,
    issuedAt: new Date(),
    content: {
      reference: { label: 'Plan', value: plan.name },
      description: `${plan.name} plan${period}`,
      customer: { name: user.displayName, email: user.email },
      shipping: null,
      lines: [{ name: `${plan.name} plan${period}`, quantity: 1, unitPrice: plan.price, lineTotal: plan.price }],
      subtotal: plan.price,
      tax: null,
      total: plan.price,
      payment: { provider: payment.provider, id: payment.providerInvoiceId },
    },
  });
}
