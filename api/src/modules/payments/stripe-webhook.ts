import type { Knex } from 'knex';
import Stripe from 'stripe';
import { z } from 'zod';
import { BadRequest } from '../../errors';
import type { Logger } from '../../logger';
import { describeZodIssue } from '../../middleware/error-handler';
import {
  stripeTimestamp,
  type StripeEventContext,
  type StripeEventHandlers,
  type StripeEventType,
} from './stripe-event-handlers';

type WebhookResult = 'processed' | 'ignored' | 'duplicate';

/**
 * What every Stripe event carries and the webhook relies on before any
 * handler runs: the id (recorded, so a redelivery changes nothing), the type,
 * when and in which mode it was created, and an object.
 */
const stripeEventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: stripeTimestamp,
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** A verified event whose envelope (and, for the types we handle, object) has the fields we read. */
export interface StripeEventDelivery {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  /** The handler's work, or null for a type this application does not act on. */
  run: ((context: StripeEventContext) => Promise<void>) | null;
}

/** Verifies the Stripe-Signature header against the raw body; anything else is refused with 400. */
export function verifyStripeEvent(
  stripe: Stripe,
  rawBody: unknown,
  signature: string,
  webhookSecret: string,
  logger: Logger,
): unknown {
  if (!signature) throw new BadRequest('Missing Stripe-Signature header');
  if (typeof rawBody !== 'string' || rawBody.length === 0) throw new BadRequest('Missing webhook payload');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new BadRequest('Invalid webhook signature');
    }
    // Signed, but not an event the SDK hands out (e.g. a "thin" v2 event notification).
    return refuse(logger, `Unexpected Stripe event: ${(err as Error).message}`, {});
  }
}

function refuse(
  logger: Logger,
  problem: string,
  fields: Record<string, unknown>,
  level: 'warn' | 'error' = 'warn',
): never {
  logger[level]({ ...fields, problem }, 'stripe webhook refused: an event we cannot read (Stripe will retry it)');
  throw new BadRequest(problem);
}

/**
 * Reads a verified event, before anything is touched (decision 077): an
 * envelope without what every Stripe event carries is refused with 400, and
 * so is an event of a type we handle whose object lacks a field its handler
 * reads; both are logged and nothing is recorded, so Stripe keeps retrying
 * (for three days) and shows the failures in its dashboard. An event of a type
 * we do not handle is acknowledged whatever its object holds.
 */
export function readStripeEvent(payload: unknown, handlers: StripeEventHandlers, logger: Logger): StripeEventDelivery {
  const envelope = stripeEventEnvelope.safeParse(payload);
  if (!envelope.success) {
    const id = (payload as { id?: unknown } | null)?.id;
    return refuse(logger, `Unexpected Stripe event: ${describeZodIssue(envelope.error, 'not an event')}`, {
      eventId: typeof id === 'string' ? id.slice(0, 255) : null,
    });
  }
  const { id, type, created, livemode, data } = envelope.data;
  const handler = Object.hasOwn(handlers, type) ? handlers[type as StripeEventType] : undefined;
  if (!handler) return { id, type, created, livemode, run: null };
  const prepared = handler.prepare(data.object);
  if (!prepared.ok) {
    // A type we act on (a payment, a subscription) that we could not apply: the operator must look.
    const problem = `Unexpected ${type} object: ${describeZodIssue(prepared.error, 'invalid')}`;
    return refuse(logger, problem, { eventId: id, type }, 'error');
  }
  return { id, type, created, livemode, run: prepared.run };
}

/**
 * Applies a verified event exactly once: its id is recorded in the same
 * transaction as its effects, so a redelivery (or two deliveries racing)
 * finds the id and changes nothing, and a failure records nothing, letting
 * Stripe retry.
 */
export async function processStripeEvent(
  db: Knex,
  event: StripeEventDelivery,
  { logger, stripe }: { logger: Logger; stripe: Stripe },
): Promise<WebhookResult> {
  return db.transaction(async (trx) => {
    const recorded = await trx('stripe_webhook_events')
      .insert({
        id: event.id,
        type: event.type,
        livemode: event.livemode,
        createdAt: new Date(event.created * 1000),
      })
      .onConflict('id')
      .ignore()
      .returning('id');
    if (recorded.length === 0) return 'duplicate';
    if (!event.run) return 'ignored';
    await event.run({ trx, logger, stripe });
    return 'processed';
  });
}

/** Maintenance: event ids older than 90 days (Stripe retries for 3 days) are no longer needed. */
export async function deleteOldWebhookEvents(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `delete from stripe_webhook_events where received_at < now() - interval '90 days'`,
  );
  return result.rowCount;
}
