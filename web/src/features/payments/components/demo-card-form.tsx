import { FlaskConical } from 'lucide-react';
import type { z } from 'zod';
import { demoCardSchema, EXPIRY_IN_PAST_MESSAGE, expiryInFuture } from '@shared/schemas/payments';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { confirmDemoPayment } from '../api/confirm-demo-payment';
import { withRedirectResult } from '../payment-return';
import { PaymentActions, usePaymentAttempt, type ProviderFormProps } from './provider-form';

/** "4242424242424242" → "4242 4242 4242 4242" as the visitor types. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The demo provider's card form (development only): clearly labelled, no real
 * charge. Stripe's test card numbers decide the outcome on the server.
 */
export function DemoCardForm({
  clientSecret,
  returnPath,
  redirect,
  submitLabel,
  failureTitle,
  onSucceeded,
  secondaryAction,
}: ProviderFormProps) {
  const form = useSchemaForm(demoCardSchema, { cardNumber: '', expiry: '', cvc: '' });
  const { processing, attempt, error } = usePaymentAttempt(failureTitle);

  const pay = (card: z.output<typeof demoCardSchema>) =>
    attempt(async () => {
      const result = await confirmDemoPayment(clientSecret, card);
      if (redirect === 'always') {
        window.location.assign(withRedirectResult(returnPath, result.paymentId, 'succeeded'));
        return;
      }
      onSucceeded();
    });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit((card) => {
      if (!expiryInFuture(card.expiry, new Date())) {
        form.showErrors({ expiry: EXPIRY_IN_PAST_MESSAGE }, formElement);
        return;
      }
      void pay(card);
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Demo card payment">
      <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <p className="font-semibold">Demo payment — no real charge</p>
          <p className="mt-1">
            Payments are simulated on this server. Pay with Stripe&apos;s test card <strong>4242 4242 4242 4242</strong>
            , or use <strong>4000 0000 0000 0002</strong> to see a decline, with any future expiry date and any CVC.
          </p>
        </div>
      </div>
      <FormField label="Card number" error={form.errors.cardNumber}>
        <Input
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={form.values.cardNumber}
          onChange={(e) => form.setValue('cardNumber', groupDigits(e.target.value))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM / YY)" error={form.errors.expiry}>
          <Input
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={form.values.expiry}
            onChange={(e) => form.setValue('expiry', formatExpiry(e.target.value))}
          />
        </FormField>
        <FormField label="CVC" error={form.errors.cvc}>
          <Input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={form.values.cvc}
            onChange={(e) => form.setValue('cvc', e.target.value.replace(/\D/g, ''))}
          />
        </FormField>
      </div>
      <PaymentActions
        label={processing ? 'Processing...' : submitLabel}
        disabled={processing}
        error={error}
        secondaryAction={secondaryAction}
      />
    </form>
  );
}
