import Router from '@koa/router';
import type Stripe from 'stripe';
import { demoConfirmSchema, type PaymentConfig } from '@shared/schemas/payments';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { requireUser, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { confirmDemoPayment } from './demo-payments.service';
import type { PaymentFulfilments } from './payment-outcome';
import type { PaymentProvider } from './payment-provider';
import type { StripeEventHandlers } from './stripe-event-handlers';
import { processStripeEvent, readStripeEvent, verifyStripeEvent } from './stripe-webhook';

interface PaymentsSetup {
  /** The app's payment provider; null when payments are not configured. */
  provider: PaymentProvider | null;
  /** The app's Stripe client when it uses Stripe. */
  stripe: Stripe | null;
  fulfilments: PaymentFulfilments;
  stripeEventHandlers: StripeEventHandlers;
  /**
   * Work that must follow a committed payment outcome but cannot run inside its
   * transaction (asking the provider for an automatic refund). Its failure is
   * logged only: the outcome is recorded, and maintenance retries the work.
   */
  afterPayment?: () => Promise<void>;
}

/**
 * What payments offer over HTTP, whatever was bought: the browser's payment
 * configuration, the demo provider's confirmation, and the Stripe webhook.
 * Starting a payment is the selling domain's route (see payment-wiring.ts).
 */
export function paymentsRoutes({ db, config, logger }: AppDeps, setup: PaymentsSetup): Router {
  const { provider, stripe, fulfilments, stripeEventHandlers, afterPayment } = setup;
  const followUp = async () => {
    try {
      await afterPayment?.();
    } catch (err) {
      logger.error({ err }, 'work after a payment failed; maintenance will retry it');
    }
  };
  const publicConfig: PaymentConfig = provider?.publicConfig() ?? { provider: 'none' };
  if (!provider) logger.warn('payments are not configured: checkout and the consultation are unavailable');
  const router = new Router();

  router.get('/api/payment-config', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = publicConfig;
  });

  if (provider?.name === 'demo') {
    router.post('/api/demo-payments/confirm', requireUser, validate({ body: demoConfirmSchema }), async (ctx) => {
      try {
        ctx.body = await confirmDemoPayment({ db, fulfilments, logger }, userOf(ctx).id, ctx.state.input.body);
      } finally {
        await followUp();
      }
    });
  }

  router.post('/api/stripe/webhook', async (ctx) => {
    const secret = config.stripe.webhookSecret;
    if (!stripe || !secret) throw new NotFound('Stripe is not configured');
    const payload = verifyStripeEvent(stripe, ctx.request.rawBody, ctx.get('stripe-signature'), secret, logger);
    const event = readStripeEvent(payload, stripeEventHandlers, logger);
    const result = await processStripeEvent(db, event, { logger, stripe });
    if (result === 'processed') await followUp();
    logger.info({ eventId: event.id, type: event.type, result }, 'stripe webhook');
    ctx.body = { received: true, result };
  });

  return router;
}
