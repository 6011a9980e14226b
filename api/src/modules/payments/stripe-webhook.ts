import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { BadRequest } from '../../errors';
import type {
  StripeEventContext,
  StripeEventHandler,
  StripeEventHandlers,
  StripeEventType,
} from './stripe-event-handlers';

type WebhookResult = 'processed' | 'ignored' | 'duplicate';

/** Verifies the Stripe-Signature header against the raw body; anything else is refused with 400. */
export function verifyStripeEvent(
  stripe: Stripe,
  rawBody: unknown,
  signature: string,
  webhookSecret: string,
): Stripe.Event {
  if (!signature) throw new BadRequest('Missing Stripe-Signature header');
  if (typeof rawBody !== 'string' || rawBody.length === 0) throw new BadRequest('Missing webhook payload');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new BadRequest('Invalid webhook signature');
  }
}

/**
 * Applies a verified event exactly once: its id is recorded in the same
 * transaction as its effects, so a redelivery (or two deliveries racing)
 * finds the id and changes nothing, and a failure records nothing, letting
 * Stripe retry.
 */
export async function processStripeEvent(
  db: Knex,
  event: Stripe.Event,
  handlers: StripeEventHandlers,
  context: Omit<StripeEventContext, 'trx'>,
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
    const handler = handlers[event.type] as StripeEventHandler<StripeEventType> | undefined;
    if (!handler) return 'ignored';
    await handler(event, { ...context, trx });
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
