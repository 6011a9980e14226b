import type { Knex } from 'knex';
import type { ProviderSubscriptionStatus } from '@shared/schemas/subscriptions';
import { enqueueMail } from '../mail/outbox';
import type { MailTemplateName } from '../mail/templates';
import { User } from '../users/user.model';
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

/** Queues the mails a subscription change calls for, to the subscriber's email, in the change's transaction. */
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
  if (!user?.email || !plan) return;
  for (const event of events) {
    await enqueueMail(trx, {
      template: event.template,
      to: user.email,
      data: {
        name: user.firstName || user.username,
        planName: plan.name,
        price: plan.price,
        interval: plan.interval,
        periodEnd: event.periodEnd ? new Date(event.periodEnd).toISOString() : null,
      },
      idempotencyKey: event.key,
    });
  }
}
