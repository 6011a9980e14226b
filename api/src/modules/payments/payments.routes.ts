import Router from '@koa/router';
import { checkoutRequestSchema } from '@shared/schemas/orders';
import { consultationRequestSchema, demoConfirmSchema, type PaymentConfig } from '@shared/schemas/payments';
import type { AppDeps } from '../../app-deps';
import { BadRequest, NotFound, ServiceUnavailable } from '../../errors';
import { requireUser, userOf } from '../../middleware/current-user';
import { startConsultationPayment } from '../consultation/consultation.service';
import { createCheckoutOrder } from '../orders/orders.service';
import { confirmDemoPayment } from './demo-payments.service';
import { consumePaymentAttempt } from './payment-rate-limit';
import { createPaymentProvider } from './providers';
import { stripeEventHandlers } from './stripe-event-handlers';
import { StripePaymentProvider } from './stripe-provider';
import { processStripeEvent, verifyStripeEvent } from './stripe-webhook';

/** The spec sends the shop's order and the consultation to the same URL; the fields tell them apart. */
function paymentKind(body: unknown): 'order' | 'consultation' {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    if ('items' in body || 'shipping' in body) return 'order';
    if ('amount' in body || 'description' in body) return 'consultation';
  }
  throw new BadRequest('Send items and shipping for an order, or amount and description for the consultation');
}

export function paymentsRoutes(deps: AppDeps): Router {
  const { db, config, logger } = deps;
  const provider = createPaymentProvider(config, db);
  const publicConfig: PaymentConfig = provider?.publicConfig() ?? { provider: 'none' };
  if (!provider) logger.warn('payments are not configured: checkout and the consultation are unavailable');
  const router = new Router();

  router.get('/api/payment-config', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = publicConfig;
  });

  router.post('/api/create-payment-intent', requireUser, async (ctx) => {
    const user = userOf(ctx);
    const kind = paymentKind(ctx.request.body);
    if (!provider) throw new ServiceUnavailable('The payment system is not configured.');
    await consumePaymentAttempt(db, config, user.id);
    if (kind === 'order') {
      const request = checkoutRequestSchema.parse(ctx.request.body);
      ctx.status = 201;
      ctx.body = await createCheckoutOrder(user, request, { db, provider, logger });
    } else {
      consultationRequestSchema.parse(ctx.request.body);
      ctx.status = 201;
      ctx.body = await startConsultationPayment(user, { provider, logger });
    }
  });

  if (provider?.name === 'demo') {
    router.post('/api/demo-payments/confirm', requireUser, async (ctx) => {
      const input = demoConfirmSchema.parse(ctx.request.body);
      ctx.body = await confirmDemoPayment(db, userOf(ctx).id, input, { logger, mail: config.mail });
    });
  }

  router.post('/api/stripe/webhook', async (ctx) => {
    const secret = config.stripe.webhookSecret;
    if (!(provider instanceof StripePaymentProvider) || !secret) throw new NotFound('Stripe is not configured');
    const event = verifyStripeEvent(provider.stripe, ctx.request.rawBody, ctx.get('stripe-signature'), secret);
    const result = await processStripeEvent(db, event, stripeEventHandlers, {
      logger,
      stripe: provider.stripe,
      mail: config.mail,
    });
    logger.info({ eventId: event.id, type: event.type, result }, 'stripe webhook');
    ctx.body = { received: true, result };
  });

  return router;
}
