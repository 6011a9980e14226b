import { describe, expect, it } from 'vitest';
import type { ProviderSubscriptionStatus } from '@shared/schemas/subscriptions';
import { subscriptionEvents } from './subscription-mails';

const day = (n: number) => new Date(Date.UTC(2026, 11, n));
const base = {
  providerSubscriptionId: 'sub_1',
  userId: 'u1',
  planId: 'p1',
  status: 'active' as ProviderSubscriptionStatus,
  currentPeriodEnd: day(1) as Date | null,
  cancelAtPeriodEnd: false,
  cancelAt: null as Date | null,
  canceledAt: null as Date | null,
};
const templates = (before: typeof base | undefined, after: object) =>
  subscriptionEvents(before, { ...base, ...after }).map((e) => e.key);

describe('which subscription changes are mailed', () => {
  it('a first payment starts it; an unpaid start or a new incomplete one says nothing', () => {
    expect(templates({ ...base, status: 'incomplete' }, {})).toEqual(['subscription-started:sub_1']);
    expect(templates(undefined, {})).toEqual(['subscription-started:sub_1']);
    expect(templates(undefined, { status: 'incomplete' })).toEqual([]);
  });

  it('a new paid period renews it, once per period end', () => {
    expect(templates(base, { currentPeriodEnd: day(31) })).toEqual([`subscription-renewed:sub_1:${day(31).getTime()}`]);
    expect(templates(base, {})).toEqual([]);
  });

  it('a payment failing makes it past due or unpaid: one mail per period', () => {
    expect(templates(base, { status: 'past_due' })).toEqual([`subscription-payment-failed:sub_1:${day(1).getTime()}`]);
    expect(templates({ ...base, status: 'past_due' }, { status: 'unpaid' })).toEqual([]);
  });

  it('cancelling and resuming, each cancellation its own event', () => {
    const cancelled = { cancelAtPeriodEnd: true, canceledAt: day(2) };
    expect(templates(base, cancelled)).toEqual([`subscription-cancelled:sub_1:${day(2).getTime()}`]);
    expect(templates({ ...base, ...cancelled }, {})).toEqual([`subscription-resumed:sub_1:${day(2).getTime()}`]);
    expect(templates({ ...base, ...cancelled }, { ...cancelled })).toEqual([]);
    // An ended subscription is not "resumed".
    expect(templates({ ...base, ...cancelled }, { status: 'canceled' })).toEqual([]);
  });
});
