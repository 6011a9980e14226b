import { describe, expect, it } from 'vitest';
import { demoCardSchema, expiryInFuture, isValidPublishableKey, passesLuhn } from './payments';

describe('payment helpers', () => {
  it('accepts only publishable keys that start with pk_', () => {
    expect(isValidPublishableKey('pk_test_51abcDEF')).toBe(true);
    expect(isValidPublishableKey('pk_live_123')).toBe(true);
    expect(isValidPublishableKey('sk_test_123')).toBe(false);
    expect(isValidPublishableKey('')).toBe(false);
    expect(isValidPublishableKey(undefined)).toBe(false);
    expect(isValidPublishableKey('pk_<script>')).toBe(false);
  });

  it('checks card numbers with Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('treats a card as valid through the end of its expiry month', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(expiryInFuture('11/26', now)).toBe(true);
    expect(expiryInFuture('10/26', now)).toBe(false);
    expect(expiryInFuture('01/27', now)).toBe(true);
    expect(expiryInFuture('12/25', now)).toBe(false);
  });

  it('normalises what people type into the demo card form', () => {
    expect(demoCardSchema.parse({ cardNumber: '4242 4242-4242 4242', expiry: ' 12 / 34 ', cvc: ' 123 ' })).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    const bad = demoCardSchema.safeParse({ cardNumber: '1234', expiry: '1/2', cvc: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Your card number is incomplete.',
      "Your card's expiration date is incomplete.",
      "Your card's security code is incomplete.",
    ]);
  });
});
