import { z } from 'zod';
import {
  CONSULTATION_AMOUNT_CENTS,
  CONSULTATION_DESCRIPTION,
  CONSULTATION_TIMES_MAX,
  CONSULTATION_TOPIC_MAX,
} from '../payments';
import { multiLine } from './text';

export * from '../payments';

/**
 * POST /api/create-payment-intent for the consultation. The amount is fixed
 * by the server; the client's copy must match it.
 */
/** What the consultation is about and when suits the client: both asked before the $199 is taken (decision 200). */
const consultationTopic = multiLine(CONSULTATION_TOPIC_MAX, 'Topic').min(1, 'Tell us what the consultation is about');
/** Optional: empty means "any time" (null). */
const preferredTimes = z
  .union([multiLine(CONSULTATION_TIMES_MAX, 'Preferred times'), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

/** The booking form's questions (the form requires the topic). */
export const consultationDetailsSchema = z.object({ topic: consultationTopic, preferredTimes }).strict();
export type ConsultationDetailsInput = z.input<typeof consultationDetailsSchema>;

/**
 * The spec's body `{ amount, description }` plus the booking's answers. The topic is optional here only so that the
 * spec's body alone still books (decision 200); when sent it must be real text, and the site's form always sends it.
 */
export const consultationRequestSchema = z
  .object({
    amount: z.literal(CONSULTATION_AMOUNT_CENTS, {
      error: `The consultation costs $199.00 (amount ${CONSULTATION_AMOUNT_CENTS})`,
    }),
    description: z.literal(CONSULTATION_DESCRIPTION, {
      error: `description must be "${CONSULTATION_DESCRIPTION}"`,
    }),
    topic: consultationTopic.optional(),
    preferredTimes,
  })
  .strict();
export type ConsultationRequest = z.output<typeof consultationRequestSchema>;

/** What POST /api/create-payment-intent starts: the shop's order, or the paid consultation. */
export const paymentIntentKinds = ['order', 'consultation'] as const;
export type PaymentIntentKind = (typeof paymentIntentKinds)[number];

export const PAYMENT_INTENT_KIND_MESSAGE =
  'Send items and shipping for an order, or amount and description for the consultation';

/**
 * The kind of a POST /api/create-payment-intent body. The spec sends the order (`{ items, shipping }`) and the
 * consultation (`{ amount, description }`) to one URL without naming the kind, so the fields name it: any order
 * field makes it an order, else any consultation field a consultation; anything else (an array, no such field) is
 * refused with PAYMENT_INTENT_KIND_MESSAGE. Only the kind is decided here: the kind's own schema
 * (checkoutRequestSchema, consultationRequestSchema) then checks the body, with its own messages.
 */
export const paymentIntentKindSchema = z
  .custom<object>((body) => typeof body === 'object' && body !== null && !Array.isArray(body), {
    error: PAYMENT_INTENT_KIND_MESSAGE,
  })
  .transform((body, ctx): PaymentIntentKind => {
    if ('items' in body || 'shipping' in body) return 'order';
    if ('amount' in body || 'description' in body) return 'consultation';
    ctx.addIssue({ code: 'custom', message: PAYMENT_INTENT_KIND_MESSAGE });
    return z.NEVER;
  });

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** Luhn checksum of a card number (digits only). */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** Card fields of the demo provider's form, with Stripe's own wording for mistakes. */
export const demoCardSchema = z
  .object({
    cardNumber: z
      .string()
      .max(40, 'Your card number is invalid.')
      .transform(digits)
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, { error: 'Your card number is incomplete.', abort: true })
          .refine(passesLuhn, 'Your card number is invalid.'),
      ),
    expiry: z
      .string()
      .max(10, "Your card's expiration date is invalid.")
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "Your card's expiration date is incomplete.")),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  })
  .strict();
export type DemoCardInput = z.input<typeof demoCardSchema>;

/** POST /api/demo-payments/confirm: the demo provider's stand-in for stripe.confirmPayment. */
export const demoConfirmSchema = z
  .object({
    clientSecret: z.string().min(1, 'clientSecret is required').max(200, 'Invalid client secret'),
    card: demoCardSchema,
  })
  .strict();

export interface DemoConfirmResponse {
  status: 'succeeded';
  paymentId: string;
}

/** Stripe's wording for an expiry that fails expiryInFuture (the form and the API both say it). */
export const EXPIRY_IN_PAST_MESSAGE = "Your card's expiration date is in the past.";

/** Whether an MM/YY expiry is this month or later (cards are valid through the end of the month). */
export function expiryInFuture(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number);
  if (!month || year === undefined) return false;
  const fullYear = 2000 + year;
  return fullYear > now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
