import { describe, expect, it } from 'vitest';
import {
  demoCardSchema,
  expiryInFuture,
  isValidPublishableKey,
  passesLuhn,
  PAYMENT_INTENT_KIND_MESSAGE,
  paymentIntentKindSchema,
} from './payments';

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

describe('paymentIntentKindSchema', () => {
  const kindOf = (body: unknown) => paymentIntentKindSchema.safeParse(body);

  it('names an order by its fields, even when they are wrong (the checkout schema reports those)', () => {
    expect(kindOf({ items: [], shipping: {} }).data).toBe('order');
    expect(kindOf({ items: 'not a list' }).data).toBe('order');
    expect(kindOf({ shipping: null }).data).toBe('order');
    // Order fields win over consultation fields: the checkout schema refuses the extra ones.
    expect(kindOf({ items: [], amount: 19_900 }).data).toBe('order');
  });

  it('names the consultation by its fields', () => {
    expect(kindOf({ amount: 19_900, description: 'Technical Consultation - 1 Hour' }).data).toBe('consultation');
    expect(kindOf({ description: 'x' }).data).toBe('consultation');
  });

  it('refuses a body that names neither, with the one message', () => {
    for (const body of [{}, { hello: 'world' }, [1, 2], null, 'items', 42, undefined]) {
      const result = kindOf(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([PAYMENT_INTENT_KIND_MESSAGE]);
    }
  });

  it('reads only the own JSON fields of the body: a "__proto__" key names nothing', () => {
    expect(kindOf(JSON.parse('{"__proto__": {"items": []}}')).success).toBe(false);
  });
});
