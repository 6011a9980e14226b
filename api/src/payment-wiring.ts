import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type Stripe from 'stripe';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { BadRequest, ServiceUnavailable } from './errors';
import { requireUser, userOf } from './middleware/current-user';
import { consultationBookingRoute } from './modules/consultation/consultation.routes';
import { consultationFulfilment } from './modules/consultation/consultation.service';
import { orderFulfilment } from './modules/orders/order-payments';
import { checkoutRoute, payOrderRoute } from './modules/orders/orders.routes';
import { refundEventHandlers } from './modules/orders/refund-events';
import { sendUnsentRefunds } from './modules/orders/refunds';
import { refundRoutes } from './modules/orders/refunds.routes';
import { DemoPaymentProvider } from './modules/payments/demo-provider';
import type { PaymentFulfilments } from './modules/payments/payment-outcome';
import { paymentMode } from './modules/payments/payment-mode';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { consumePaymentAttempt } from './modules/payments/payment-rate-limit';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createStripeClient } from './modules/payments/stripe-client';
import { paymentIntentEventHandlers, type StripeEventHandlers } from './modules/payments/stripe-event-handlers';
import { StripePaymentProvider } from './modules/payments/stripe-provider';
import { subscriptionFulfilment } from './modules/subscriptions/demo-subscription-payments';
import { DemoSubscriptionProvider } from './modules/subscriptions/demo-subscription-provider';
import { subscriptionEventHandlers } from './modules/subscriptions/stripe-subscription-events';
import { StripeSubscriptionProvider } from './modules/subscriptions/stripe-subscription-provider';
import type { SubscriptionProvider } from './modules/subscriptions/subscription-provider';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';

/*
 * Where payments meet the domains that sell something (decision 060).
 * modules/payments knows no domain, and each selling domain (orders,
 * consultation, subscriptions) knows payments only; this file is the one
 * place that knows both: which provider the app uses, which domain fulfils a
 * payment of which purpose, which domain handles which Stripe event, and the
 * one URL the spec shares between the shop's checkout and the consultation.
 */

interface PaymentProviders {
  /** The one Stripe client of the app (null unless it uses Stripe). */
  stripe: Stripe | null;
  payments: PaymentProvider | null;
  subscriptions: SubscriptionProvider | null;
}

/** The providers the configuration asks for (decision 020): Stripe, the demo provider, or none. */
function createPaymentProviders(config: Config, db: Knex): PaymentProviders {
  switch (paymentMode(config)) {
    case 'stripe': {
      const stripe = createStripeClient(config)!;
      return {
        stripe,
        payments: new StripePaymentProvider(stripe, config.stripe.publishableKey!),
        subscriptions: new StripeSubscriptionProvider(stripe, db),
      };
    }
    case 'demo':
      return { stripe: null, payments: new DemoPaymentProvider(db), subscriptions: new DemoSubscriptionProvider() };
    default:
      return { stripe: null, payments: null, subscriptions: null };
  }
}

/**
 * Who fulfils a settled payment, by the `purpose` its creator wrote into its
 * metadata. Orders and consultations alert staff (STAFF_ALERT_EMAIL).
 */
function paymentFulfilments(config: Config): PaymentFulfilments {
  return {
    order: orderFulfilment(config.mail),
    consultation: consultationFulfilment(config.mail),
    subscription: subscriptionFulfilment,
  };
}

/**
 * Every Stripe event type the application acts on. Types not listed are
 * acknowledged and recorded, nothing else. Make sure the webhook endpoint in
 * the Stripe dashboard sends the types listed here.
 */
function stripeEventHandlers(fulfilments: PaymentFulfilments): StripeEventHandlers {
  return { ...paymentIntentEventHandlers(fulfilments), ...refundEventHandlers, ...subscriptionEventHandlers };
}

/** The spec sends the shop's order and the consultation to the same URL; the fields tell them apart. */
function paymentKind(body: unknown): 'order' | 'consultation' {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    if ('items' in body || 'shipping' in body) return 'order';
    if ('amount' in body || 'description' in body) return 'consultation';
  }
  throw new BadRequest('Send items and shipping for an order, or amount and description for the consultation');
}

/**
 * POST /api/create-payment-intent: a logged-in user, a kind told by the body,
 * a configured provider and one payment attempt off the user's allowance;
 * then the domain's own route (orders' checkout or the consultation's booking)
 * validates its input and starts the payment.
 */
function paymentIntentRoutes(deps: AppDeps, provider: PaymentProvider | null): Router {
  const routes: Record<'order' | 'consultation', Middleware> | null = provider
    ? { order: checkoutRoute(deps, provider), consultation: consultationBookingRoute(deps, provider) }
    : null;
  const router = new Router();
  router.post('/api/create-payment-intent', requireUser, async (ctx, next) => {
    const kind = paymentKind(ctx.request.body);
    if (!routes) throw new ServiceUnavailable('The payment system is not configured.');
    await consumePaymentAttempt(deps.db, deps.config, userOf(ctx).id);
    return routes[kind](ctx, next);
  });
  const payOrder = provider ? payOrderRoute(deps, provider) : null;
  router.post('/api/orders/:id/payment', requireUser, async (ctx, next) => {
    if (!payOrder) throw new ServiceUnavailable('The payment system is not configured.');
    await consumePaymentAttempt(deps.db, deps.config, userOf(ctx).id);
    return payOrder(ctx, next);
  });
  return router;
}

/**
 * Sends the refunds the application wrote by itself (a payment for an order
 * cancelled meanwhile, a second payment) that are at least `minAgeMs` old.
 */
function refundSender(deps: AppDeps, provider: PaymentProvider | null, minAgeMs: number) {
  return async () => {
    if (provider) await sendUnsentRefunds({ db: deps.db, provider, logger: deps.logger }, minAgeMs);
  };
}

/** Minutes before the maintenance sweep asks again for an automatic refund not yet sent (the first try is at once). */
const UNSENT_REFUND_AGE_MS = 2 * 60 * 1000;

/** Payment work the periodic maintenance does: automatic refunds that did not reach the provider (decision 158). */
export function paymentMaintenanceTasks(deps: AppDeps): { name: string; run(): Promise<number> }[] {
  const { payments } = createPaymentProviders(deps.config, deps.db);
  if (!payments) return [];
  return [
    {
      name: 'automatic refunds not yet sent',
      run: () => sendUnsentRefunds({ db: deps.db, provider: payments, logger: deps.logger }, UNSENT_REFUND_AGE_MS),
    },
  ];
}

/** Every route that starts or settles a payment, built on one set of providers. */
export function paymentRoutes(deps: AppDeps): Router[] {
  const providers = createPaymentProviders(deps.config, deps.db);
  const fulfilments = paymentFulfilments(deps.config);
  return [
    paymentIntentRoutes(deps, providers.payments),
    paymentsRoutes(deps, {
      provider: providers.payments,
      stripe: providers.stripe,
      fulfilments,
      stripeEventHandlers: stripeEventHandlers(fulfilments),
      afterPayment: refundSender(deps, providers.payments, 0),
    }),
    subscriptionsRoutes(deps, providers.subscriptions),
    refundRoutes(deps, providers.payments),
  ];
}
