import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { ReadyPaymentConfig } from '../api/payment-config';
import type { ProviderFormProps } from './provider-form';

// Each provider's form loads only when a payment is about to be made: Stripe's
// React bindings only where Stripe is configured, and neither form (nor the
// card validation they bring) with the pages that merely offer to pay.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));
const DemoCardForm = lazy(() => import('./demo-card-form').then((module) => ({ default: module.DemoCardForm })));

/**
 * The card payment form of whichever provider is configured: Stripe's
 * Payment Element, or the clearly labelled demo form. Failures are toasted
 * with the provider's message ("Payment Failed").
 */
export function PaymentForm({ config, ...props }: ProviderFormProps & { config: ReadyPaymentConfig }) {
  return (
    <Suspense fallback={<Spinner label="Loading payment form" className="py-8" />}>
      {config.provider === 'demo' ? (
        <DemoCardForm {...props} />
      ) : (
        <StripePaymentForm publishableKey={config.publishableKey} {...props} />
      )}
    </Suspense>
  );
}
