import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CreditCard } from 'lucide-react';
import { formatCents, toCents } from '@shared/money';
import type { PublicQuote } from '@shared/schemas/quotes';
import { fetchPaymentConfig, readyConfig, type ReadyPaymentConfig } from '@/features/payments/api/payment-config';
import { PaymentForm } from '@/features/payments/components/payment-form';
import { PaymentNotConfigured } from '@/features/payments/components/payment-not-configured';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { primaryAction } from '@/lib/primary-actions';
import { publicQuoteQueryKey, useStartQuoteDeposit } from '../api/public-quote';

type Step =
  | { step: 'idle' }
  | { step: 'loading' }
  | { step: 'unavailable' }
  | { step: 'paying'; clientSecret: string; config: ReadyPaymentConfig }
  | { step: 'confirming' };

/** How often the page asks whether the provider's confirmation arrived (Stripe's webhook) after a payment. */
const CONFIRMING_POLL_MS = 2_000;

/**
 * An accepted quote's deposit, paid on its page with or without an account:
 * the payment is created by the server for the quote's own deposit, then
 * paid with the configured provider's form. The demo confirms at once; with
 * Stripe the page waits for the webhook that marks the quote paid.
 */
export function DepositPayment({ quote, token }: { quote: PublicQuote; token: string }) {
  // Back from the provider's own page (3-D Secure): the payment went through, its confirmation is on its way.
  const [state, setState] = useState<Step>(() =>
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('redirect_status') === 'succeeded'
      ? { step: 'confirming' }
      : { step: 'idle' },
  );
  const [error, setError] = useState<string | null>(null);
  const start = useStartQuoteDeposit(token);
  const queryClient = useQueryClient();
  const amount = formatCents(toCents(quote.totals.deposit));
  const refresh = () => queryClient.invalidateQueries({ queryKey: publicQuoteQueryKey(token) });

  useEffect(() => {
    if (state.step !== 'confirming') return;
    const timer = window.setInterval(() => void refresh(), CONFIRMING_POLL_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh only reads stable values
  }, [state.step]);

  const begin = async () => {
    setError(null);
    setState({ step: 'loading' });
    try {
      const config = readyConfig(await fetchPaymentConfig(queryClient));
      if (!config) {
        setState({ step: 'unavailable' });
        return;
      }
      const { clientSecret } = await start.mutateAsync();
      setState({ step: 'paying', clientSecret, config });
    } catch (caught) {
      setState({ step: 'idle' });
      setError(errorMessage(caught, 'The payment could not be started. Please try again.'));
      void refresh();
    }
  };

  return (
    <section aria-labelledby="deposit-heading" className="flex flex-col gap-4">
      <h2 id="deposit-heading" className="text-xl font-semibold text-navy-900">
        Pay the deposit
      </h2>
      <Card>
        <CardContent className="flex flex-col gap-4 p-5 sm:p-8">
          <p className="text-sm text-slate-700">
            The work starts once the deposit of <strong>{amount}</strong> ({quote.depositPercent}% of the one-time
            total) is paid. You do not need an account; the receipt and its invoice go to {quote.customer.email}.
          </p>
          {error ? <FormAlert>{error}</FormAlert> : null}
          {state.step === 'paying' ? (
            <PaymentForm
              config={state.config}
              clientSecret={state.clientSecret}
              returnPath={`/quotes/${encodeURIComponent(token)}`}
              redirect="if_required"
              submitLabel={`Pay ${amount}`}
              onSucceeded={() => {
                setState({ step: 'confirming' });
                void refresh();
              }}
              secondaryAction={
                <Button variant="outline" size="lg" onClick={() => setState({ step: 'idle' })}>
                  Cancel
                </Button>
              }
            />
          ) : state.step === 'unavailable' ? (
            <PaymentNotConfigured
              backTo="/contact"
              backLabel="Contact Us"
              description="Online payment is not available right now. Contact us and we will send the deposit invoice instead."
            />
          ) : state.step === 'confirming' ? (
            <p role="status" className="text-sm text-slate-700">
              Payment received. Confirming it with the payment provider…
            </p>
          ) : (
            <div className="flex flex-wrap items-center gap-4">
              <Button size="lg" onClick={() => void begin()} disabled={state.step === 'loading'} {...primaryAction}>
                <CreditCard className="h-4 w-4" aria-hidden="true" />
                {state.step === 'loading' ? 'Loading...' : `Pay the ${amount} deposit`}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
