/**
 * The demo provider answers like Stripe's test mode: Stripe's published test
 * card numbers decide the outcome (docs.stripe.com/testing), with Stripe's
 * own decline messages. Any other number is refused, so nobody is tempted to
 * type a real card into a demo.
 */

type DemoCardResult = { outcome: 'succeeded' } | { outcome: 'declined'; code: string; message: string };

const SUCCEEDS = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14-digit)
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);

const DECLINED = 'Your card was declined.';

const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'generic_decline', message: DECLINED },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: DECLINED },
  '4000000000009979': { code: 'stolen_card', message: DECLINED },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4100000000000019': { code: 'fraudulent', message: DECLINED },
};

/** The outcome for a card number (digits only, already Luhn-checked). */
export function demoCardResult(cardNumber: string): DemoCardResult {
  if (SUCCEEDS.has(cardNumber)) return { outcome: 'succeeded' };
  const decline = DECLINES[cardNumber];
  if (decline) return { outcome: 'declined', ...decline };
  return {
    outcome: 'declined',
    code: 'test_mode_live_card',
    message: 'Your card was declined. This demo accepts only Stripe test cards, such as 4242 4242 4242 4242.',
  };
}
