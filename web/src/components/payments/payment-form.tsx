import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { ReadyPaymentConfig } from '@/lib/payments/payment-config';

// Each provider's form loads only when a payment is about to be made: Stripe's
// React bindings only where Stripe is configured, and neither form (nor the
// card validation they bring) with the pages that merely offer to pay.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));
const DemoCardForm = lazy(() => import('./demo-card-form').then((module) => ({ default: module.DemoCardForm })));

export interface PaymentFormProps {
  config: ReadyPaymentConfig;
  clientSecret: string;
  /** Where the provider brings the browser back after a redirect (3-D Secure, bank pages…). */
  returnPath: string;
  /** 'if_required': card payments finish on this page (the shop); 'always': go to returnPath (consultation). */
  redirect: 'if_required' | 'always';
  submitLabel: string;
  /** Title of the toast when the provider refuses the payment (default "Payment Failed"). */
  failureTitle?: string;
  /** The payment succeeded without leaving the page. */
  onSucceeded: () => void;
  /** Shown next to the submit button (e.g. Cancel). */
  secondaryAction?: React.ReactNode;
}

/**
 * The card payment form of whichever provider is configured: Stripe's
 * Payment Element, or the clearly labelled demo form. Failures are toasted
 * with the provider's message ("Payment Failed").
 */
export function PaymentForm({ config, ...props }: PaymentFormProps) {
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
