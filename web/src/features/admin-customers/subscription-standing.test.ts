import { describe, expect, it } from 'vitest';
import { subscriptionStanding } from './subscription-standing';

const date = (iso: string) => iso.slice(0, 10);
const base = { plan: 'Professional', status: 'active', currentPeriodEnd: '2026-12-26T00:00:00.000Z' };

describe('subscriptionStanding (the customer page, issue 29)', () => {
  it('says "Cancelled" and when it ends for a subscription cancelled at the period end, never "active, until"', () => {
    const text = subscriptionStanding({ ...base, cancelAtPeriodEnd: true }, date);
    expect(text).toBe('Professional: Cancelled, service ends 2026-12-26 (no renewal)');
    expect(text).not.toMatch(/active/i);
  });

  it('says when an ended one ended', () => {
    expect(subscriptionStanding({ ...base, status: 'canceled', cancelAtPeriodEnd: true }, date)).toBe(
      'Professional: Cancelled, ended 2026-12-26',
    );
  });

  it('says when a live one renews', () => {
    expect(subscriptionStanding({ ...base, cancelAtPeriodEnd: false }, date)).toBe(
      'Professional: Active, renews 2026-12-26',
    );
  });

  it('names any other status by its label', () => {
    expect(subscriptionStanding({ ...base, status: 'past_due', cancelAtPeriodEnd: false }, date)).toBe(
      'Professional: Past Due, period ends 2026-12-26',
    );
    expect(
      subscriptionStanding({ plan: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false }, date),
    ).toBe('Plan: unknown');
  });
});
