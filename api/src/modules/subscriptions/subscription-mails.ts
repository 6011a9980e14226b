import type { Knex } from 'knex';
import { toCents } from '@shared/money';
import type { ProviderSubscriptionStatus } from '@shared/schemas/subscriptions';
import { enqueueMail } from '../mail/outbox';
import type { MailTemplateName } from '../mail/templates';
import { invoiceAttachment } from '../billing/billing.service';
import type { InvoiceRow } from '../billing/invoices';
import { User } from '../users/user.model';
import { issueSubscriptionInvoice } from './subscription-invoices';
import { SubscriptionPlan } from './subscription-plan.model';
import { isCancelling } from './subscription.model';

/** What the mails compare: a subscription's state before and after a change. */
interface SubscriptionState {
  providerSubscriptionId: string;
  userId: string;
  planId: string | null;
  status: ProviderSubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  /** Who bills it and the provider's invoice of its latest payment (from a snapshot; a stored row has them too). */
  provider?: 'stripe' | 'demo';
  latestInvoiceId?: string | null;
  currentPeriodStart?: Date | null;
}

type SubscriptionMail = Extract<
  MailTemplateName,
  | 'subscription-started'
  | 'subscription-renewed'
  | 'subscription-payment-failed'
  | 'subscription-cancelled'
  | 'subscription-resumed'
>;

const PAID: ReadonlySet<ProviderSubscriptionStatus> = new Set(['active', 'trialing']);
const OVERDUE: ReadonlySet<ProviderSubscriptionStatus> = new Set(['past_due', 'unpaid']);
const epoch = (date: Date | null) => (date ? new Date(date).getTime() : 0);

interface SubscriptionEvent {
  template: SubscriptionMail;
  /** The event's idempotency key. */
  key: string;
  periodEnd: Date | null;
}

/**
 * Which mails a change of state calls for (a cancellation undone in the same
 * change as a renewal is two events), each with the key naming its event: the
 * same change reported twice (a webhook and an API answer, a redelivery) is
 * one event and one mail.
 */
export function subscriptionEvents(
  before: SubscriptionState | undefined,
  after: SubscriptionState,
): SubscriptionEvent[] {
  const id = after.providerSubscriptionId;
  const wasPaid = before !== undefined && (PAID.has(before.status) || OVERDUE.has(before.status));
  if (!wasPaid) {
    return PAID.has(after.status)
      ? [{ template: 'subscription-started', key: `subscription-started:${id}`, periodEnd: after.currentPeriodEnd }]
      : [];
  }
  const events: SubscriptionEvent[] = [];
  if (OVERDUE.has(after.status) && !OVERDUE.has(before.status)) {
    const key = `subscription-payment-failed:${id}:${epoch(after.currentPeriodEnd)}`;
    events.push({ template: 'subscription-payment-failed', key, periodEnd: after.currentPeriodEnd });
  }
  if (!PAID.has(after.status)) return events;
  if (!isCancelling(before) && isCancelling(after)) {
    const endsOn = after.cancelAt ?? after.currentPeriodEnd;
    const key = `subscription-cancelled:${id}:${epoch(after.canceledAt ?? endsOn)}`;
    events.push({ template: 'subscription-cancelled', key, periodEnd: endsOn });
  }
  if (isCancelling(before) && !isCancelling(after)) {
    const key = `subscription-resumed:${id}:${epoch(before.canceledAt ?? before.cancelAt ?? before.currentPeriodEnd)}`;
    events.push({ template: 'subscription-resumed', key, periodEnd: after.currentPeriodEnd });
  }
  if (epoch(before.currentPeriodEnd) > 0 && epoch(after.currentPeriodEnd) > epoch(before.currentPeriodEnd)) {
    const key = `subscription-renewed:${id}:${epoch(after.currentPeriodEnd)}`;
    events.push({ template: 'subscription-renewed', key, periodEnd: after.currentPeriodEnd });
  }
  return events;
}

/** The events that are a payment: the plan started or renewed, and it is paid (not a free trial). */
const isPayment = (event: SubscriptionEvent, after: SubscriptionState) =>
  after.status === 'active' && (event.template === 'subscription-started' || event.template === 'subscription-renewed');

/**
 * Invoices the payments and queues the mails a subscription change calls for
 * (to the subscriber's email, each payment's with its invoice attached), in
 * the change's transaction.
 */
export async function queueSubscriptionMails(
  trx: Knex.Transaction,
  before: SubscriptionState | undefined,
  after: SubscriptionState,
): Promise<void> {
  const events = subscriptionEvents(before, after);
  if (events.length === 0 || !after.planId) return;
  const [user, plan] = await Promise.all([
    User.query(trx).findById(after.userId),
    SubscriptionPlan.query(trx).findById(after.planId),
  ]);
  if (!user || !plan) return;
  const invoices = new Map<SubscriptionEvent, InvoiceRow>();
  for (const event of events) {
    if (!isPayment(event, after) || !after.provider || toCents(plan.price) === 0) continue;
    const payment = {
      key: event.key,
      provider: after.provider,
      providerInvoiceId: after.latestInvoiceId ?? null,
      periodStart: after.currentPeriodStart ?? null,
      periodEnd: after.currentPeriodEnd,
    };
    invoices.set(event, await issueSubscriptionInvoice(trx, payment, plan, user));
  }
  if (!user.email) return;
  for (const event of events) {
    const invoice = invoices.get(event);
    await enqueueMail(trx, {
      template: event.template,
      to: user.email,
      data: {
        name: user.firstName || user.username,
        planName: plan.name,
        price: plan.price,
        interval: plan.interval,
        periodEnd: event.periodEnd ? new Date(event.periodEnd).toISOString() : null,
        ...(invoice ? { invoiceNumber: invoice.number } : {}),
      },
      idempotencyKey: event.key,
      ...(invoice ? { attachments: [invoiceAttachment(invoice)] } : {}),
    });
  }
}
