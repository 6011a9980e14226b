import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { consultationBookingRoute } from './modules/consultation/consultation.routes';
import { consultationFulfilment } from './modules/consultation/consultation.service';
import { orderFulfilment } from './modules/orders/order-payments';
import { checkoutRoute } from './modules/orders/orders.routes';
import { refundEventHandlers } from './modules/orders/refund-events';
import { quoteDepositFulfilment } from './modules/quotes/quote-deposits';
import { startPendingQuoteSubscriptions } from './modules/quotes/quote-subscriptions';
import { sendUnsentRefunds } from './modules/orders/refunds';
import { DemoPaymentProvider } from './modules/payments/demo-provider';
import type { PaymentFulfilments } from './modules/payments/payment-outcome';
import { paymentMode } from './modules/payments/payment-mode';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { PaymentStarts, PaymentsSetup } from './modules/payments/payments.routes';
import { createStripeClient } from './modules/payments/stripe-client';
import { paymentIntentEventHandlers, type StripeEventHandlers } from './modules/payments/stripe-event-handlers';
import { StripePaymentProvider } from './modules/payments/stripe-provider';
import { subscriptionFulfilment } from './modules/subscriptions/demo-subscription-payments';
import { DemoSubscriptionProvider } from './modules/subscriptions/demo-subscription-provider';
import { subscriptionEventHandlers } from './modules/subscriptions/stripe-subscription-events';
import { StripeSubscriptionProvider } from './modules/subscriptions/stripe-subscription-provider';
import type { SubscriptionProvider } from './modules/subscriptions/subscription-provider';

/*
 * Where payments meet the domains that sell something (decision 060).
 * modules/payments knows no domain, and each selling domain (orders,
 * consultation, subscriptions) knows payments only; this file is the one
 * place that knows both: which provider the app uses, which domain fulfils a
 * payment of which purpose, which domain starts which kind of
 * POST /api/create-payment-intent, and which domain handles which Stripe
 * event. It mounts no route: app.ts mounts every module's routes, handing
 * them what this file built.
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
 * metadata. Orders and consultations alert staff (STAFF_ALERT_EMAIL); a quote's
 * deposit (POST /api/quotes/:token/deposit) converts its quote.
 */
function paymentFulfilments(config: Config): PaymentFulfilments {
  return {
    order: orderFulfilment(config.mail),
    consultation: consultationFulfilment(config.mail),
    subscription: subscriptionFulfilment,
    quote_deposit: quoteDepositFulfilment,
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

/** Who starts each kind of POST /api/create-payment-intent: the shop's checkout, or the consultation's booking. */
function paymentStarts(deps: AppDeps): PaymentStarts {
  return {
    order: (provider) => checkoutRoute(deps, provider),
    consultation: (provider) => consultationBookingRoute(deps, provider),
  };
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

/**
 * After a payment: automatic refunds, then the subscriptions of quotes the payment converted (a deposit), which
 * call the provider and so cannot run in the payment's transaction (decision 201).
 */
function afterPayment(deps: AppDeps, providers: PaymentProviders) {
  const refunds = refundSender(deps, providers.payments, 0);
  return async () => {
    await refunds();
    if (providers.subscriptions) {
      await startPendingQuoteSubscriptions({ db: deps.db, provider: providers.subscriptions, logger: deps.logger });
    }
  };
}

/** Minutes before the maintenance sweep asks again for an automatic refund not yet sent (the first try is at once). */
const UNSENT_REFUND_AGE_MS = 2 * 60 * 1000;

/**
 * Payment work the periodic maintenance does: automatic refunds that did not reach the provider (decision 158),
 * and subscriptions of converted quotes not yet started (decision 201).
 */
export function paymentMaintenanceTasks(deps: AppDeps): { name: string; run(): Promise<number> }[] {
  const { payments, subscriptions } = createPaymentProviders(deps.config, deps.db);
  if (!payments) return [];
  return [
    {
      name: 'automatic refunds not yet sent',
      run: () => sendUnsentRefunds({ db: deps.db, provider: payments, logger: deps.logger }, UNSENT_REFUND_AGE_MS),
    },
    ...(subscriptions
      ? [
          {
            name: 'quote subscriptions not yet started',
            run: () => startPendingQuoteSubscriptions({ db: deps.db, provider: subscriptions, logger: deps.logger }),
          },
        ]
      : []),
  ];
}

/** What the app's payment routes are built on: one set of providers, and the payments module's setup. */
export interface PaymentWiring {
  /** The app's payment provider (orders' Pay now and refunds use it too); null when payments are not configured. */
  provider: PaymentProvider | null;
  /** The app's subscription provider; null when payments are not configured. */
  subscriptions: SubscriptionProvider | null;
  /** For paymentsRoutes: starting a payment by kind, fulfilling it by purpose, the Stripe webhook's handlers. */
  payments: PaymentsSetup;
}

/** Builds the providers once, and says which domain starts, fulfils and hears what (decision 060). */
export function paymentWiring(deps: AppDeps): PaymentWiring {
  const providers = createPaymentProviders(deps.config, deps.db);
  const fulfilments = paymentFulfilments(deps.config);
  return {
    provider: providers.payments,
    subscriptions: providers.subscriptions,
    payments: {
      provider: providers.payments,
      stripe: providers.stripe,
      starts: paymentStarts(deps),
      fulfilments,
      stripeEventHandlers: stripeEventHandlers(fulfilments),
      afterPayment: afterPayment(deps, providers),
    },
  };
}
