import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, useState } from 'react';
import { getStripe } from '../stripe-loader';
import { returnUrl } from '../payment-return';
import { paymentNotReady } from './payment-toasts';
import { PaymentActions, usePaymentAttempt, type ProviderFormProps } from './provider-form';

type Props = ProviderFormProps & { publishableKey: string };

function StripeCheckout({
  returnPath,
  redirect,
  submitLabel,
  failureTitle,
  onSucceeded,
  secondaryAction,
}: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const { processing, attempt, error: failure, fail } = usePaymentAttempt(failureTitle);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready) {
      paymentNotReady();
      return;
    }
    void attempt(async () => {
      const confirmParams = { return_url: returnUrl(returnPath) };
      if (redirect === 'always') {
        // On success Stripe navigates to the return URL; we only get here on failure.
        const { error } = await stripe.confirmPayment({ elements, confirmParams });
        fail(error.message);
        return;
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams,
        redirect: 'if_required',
      });
      if (error) fail(error.message);
      else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') onSucceeded();
      else fail(null);
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6">
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      <PaymentActions
        label={processing ? 'Processing...' : ready ? submitLabel : 'Loading...'}
        disabled={!ready || processing}
        error={failure}
        secondaryAction={secondaryAction}
      />
    </form>
  );
}

/** Stripe's Payment Element (cards and the other methods enabled in the Stripe dashboard). */
export default function StripePaymentForm({ publishableKey, clientSecret, ...props }: Props) {
  const stripe = useMemo(() => getStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#1d4ed8', borderRadius: '6px' } },
      }}
    >
      <StripeCheckout {...props} />
    </Elements>
  );
}
