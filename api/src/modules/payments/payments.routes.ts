import Router from '@koa/router';
import type { Middleware } from 'koa';
import type Stripe from 'stripe';
import {
  demoConfirmSchema,
  PAYMENT_INTENT_KIND_MESSAGE,
  paymentIntentKindSchema,
  type PaymentConfig,
  type PaymentIntentKind,
} from '@shared/schemas/payments';
import type { AppDeps } from '../../app-deps';
import { BadRequest, NotFound, ServiceUnavailable } from '../../errors';
import { optionalUser, requireUser, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { confirmDemoPayment } from './demo-payments.service';
import type { PaymentFulfilments } from './payment-outcome';
import type { PaymentProvider } from './payment-provider';
import { consumePaymentAttempt } from './payment-rate-limit';
import type { StripeEventHandlers } from './stripe-event-handlers';
import { processStripeEvent, readStripeEvent, verifyStripeEvent } from './stripe-webhook';

/**
 * How each kind of POST /api/create-payment-intent starts its payment: the selling domain's route step (orders'
 * checkout, the consultation's booking), given the app's provider. It validates the body with its own schema.
 */
export type PaymentStarts = Record<PaymentIntentKind, (provider: PaymentProvider) => Middleware>;

export interface PaymentsSetup {
  /** The app's payment provider; null when payments are not configured. */
  provider: PaymentProvider | null;
  /** The app's Stripe client when it uses Stripe. */
  stripe: Stripe | null;
  starts: PaymentStarts;
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
 * What payments offer over HTTP, whatever was bought: starting a payment (the
 * one URL the spec gives the order and the consultation), the browser's
 * payment configuration, the demo provider's confirmation, and the Stripe
 * webhook. Which domain starts and fulfils what is given by
 * api/src/payment-wiring.ts (decision 060).
 */
export function paymentsRoutes({ db, config, logger }: AppDeps, setup: PaymentsSetup): Router {
  const { provider, stripe, starts, fulfilments, stripeEventHandlers, afterPayment } = setup;
  const startRoutes: Record<PaymentIntentKind, Middleware> | null = provider
    ? { order: starts.order(provider), consultation: starts.consultation(provider) }
    : null;
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

  // Top to bottom: a signed-in user; the kind, from the body's fields (the spec sends none); a configured provider;
  // one attempt off the user's hourly allowance; then the kind's own route step validates the body and starts it.
  router.post('/api/create-payment-intent', requireUser, async (ctx, next) => {
    const kind = paymentIntentKindSchema.safeParse(ctx.request.body);
    if (!kind.success) throw new BadRequest(PAYMENT_INTENT_KIND_MESSAGE);
    if (!startRoutes) throw new ServiceUnavailable('The payment system is not configured.');
    await consumePaymentAttempt(db, config, userOf(ctx).id);
    return startRoutes[kind.data](ctx, next);
  });

  router.get('/api/payment-config', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = publicConfig;
  });

  if (provider?.name === 'demo') {
    // Signed in or not: a payment made without an account (a quote's deposit) is confirmed by its secret alone.
    router.post('/api/demo-payments/confirm', optionalUser, validate({ body: demoConfirmSchema }), async (ctx) => {
      try {
        const userId = ctx.state.user?.id ?? null;
        ctx.body = await confirmDemoPayment({ db, fulfilments, logger }, userId, ctx.state.input.body);
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
