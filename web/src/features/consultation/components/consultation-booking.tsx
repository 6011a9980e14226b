import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CalendarClock, CheckCircle2 } from 'lucide-react';
import { formatCents } from '@shared/money';
import { CONSULTATION_AMOUNT_CENTS, CONSULTATION_TIMES_MAX, CONSULTATION_TOPIC_MAX } from '@shared/payments';
import { PaymentForm } from '@/features/payments/components/payment-form';
import { PaymentNotConfigured } from '@/features/payments/components/payment-not-configured';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { redirectToLogin } from '@/lib/login-redirect';
import { fetchPaymentConfig, readyConfig, type ReadyPaymentConfig } from '@/features/payments/api/payment-config';
import { toast } from '@/lib/toast';
import { useCreateConsultationPayment, type ConsultationAnswers } from '../api/create-consultation-payment';
import { CONSULTATION_RETURN_PATH } from './consultation-booked-notice';
import { primaryAction } from '@/lib/primary-actions';

// The questions' rules (zod) load when the visitor starts on them, not with the page (as the contact form's).
const loadSchema = () => import('@shared/schemas/payments').then((module) => module.consultationDetailsSchema);

const included = [
  'An hour with a senior engineer, on site in the Twin Cities or by video call',
  'Network, security, cloud or Wi-Fi questions answered for your environment',
  'A written summary with prioritised recommendations within two business days',
];

type State =
  | { step: 'idle' }
  | { step: 'loading' }
  | { step: 'unavailable' }
  | { step: 'paying'; clientSecret: string; config: ReadyPaymentConfig };

/**
 * Spec §4 consultation booking: idle → Loading... while the payment is
 * created → the payment form (Cancel returns to idle and forgets the secret)
 * → Processing... → the provider takes the client to /portal.
 * Self-contained: it asks the API only when someone books.
 */
export function ConsultationBooking() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const createPayment = useCreateConsultationPayment();
  const queryClient = useQueryClient();
  const price = formatCents(CONSULTATION_AMOUNT_CENTS);

  const form = useSchemaForm(loadSchema, { topic: '', preferredTimes: '' });

  const book = async (answers: ConsultationAnswers, formElement: HTMLFormElement | null) => {
    setState({ step: 'loading' });
    try {
      const config = readyConfig(await fetchPaymentConfig(queryClient));
      if (!config) {
        setState({ step: 'unavailable' });
        return;
      }
      const { clientSecret } = await createPayment.mutateAsync(answers);
      if (!clientSecret) throw new Error('no client secret');
      setState({ step: 'paying', clientSecret, config });
    } catch (error) {
      setState({ step: 'idle' });
      if (error instanceof ApiError && error.status === 401) {
        redirectToLogin('/services', 'Please log in to book a consultation.');
        return;
      }
      // A refusal of an answer goes under it; anything else is the spec's toast.
      const message = form.showApiError(error, 'Failed to create payment', formElement);
      if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    form.submit(
      ({ topic, preferredTimes }) => void book({ topic, preferredTimes: preferredTimes ?? null }, formElement),
      formElement,
    );
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start gap-3">
          <CalendarClock className="mt-0.5 h-6 w-6 shrink-0 text-blue-700" aria-hidden="true" />
          <div className="flex flex-col gap-1.5">
            <CardTitle>Book a Technical Consultation</CardTitle>
            <CardDescription>
              One hour, one flat fee of {price}. Bring your toughest infrastructure question.
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          {included.map((line) => (
            <li key={line} className="flex gap-2">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
        {state.step === 'paying' ? (
          <PaymentForm
            config={state.config}
            clientSecret={state.clientSecret}
            returnPath={CONSULTATION_RETURN_PATH}
            redirect="always"
            submitLabel={`Pay ${price}`}
            onSucceeded={() => window.location.assign(CONSULTATION_RETURN_PATH)}
            secondaryAction={
              <Button variant="outline" size="lg" onClick={() => setState({ step: 'idle' })}>
                Cancel
              </Button>
            }
          />
        ) : state.step === 'unavailable' ? (
          <PaymentNotConfigured backTo="/contact" backLabel="Contact Us" />
        ) : (
          // Asked before any payment is started (decision 200): what it is about, and optionally when suits them.
          <form
            onSubmit={onSubmit}
            onFocus={() => void loadSchema()}
            noValidate
            aria-label="Book a consultation"
            className="flex flex-col gap-4"
          >
            <FormField
              label="What would you like to discuss?"
              error={form.errors.topic}
              hint="A sentence or two, so the right engineer comes prepared."
            >
              <Textarea
                name="topic"
                rows={3}
                maxLength={CONSULTATION_TOPIC_MAX}
                value={form.values.topic}
                onChange={(e) => form.setValue('topic', e.target.value)}
              />
            </FormField>
            <FormField
              label="Preferred times"
              optional
              error={form.errors.preferredTimes}
              hint="For example: weekday mornings, Central Time. We confirm a time with you after booking."
            >
              <Textarea
                name="preferredTimes"
                rows={2}
                maxLength={CONSULTATION_TIMES_MAX}
                value={form.values.preferredTimes ?? ''}
                onChange={(e) => form.setValue('preferredTimes', e.target.value)}
              />
            </FormField>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <p className="text-2xl font-bold text-navy-900">
                {price} <span className="text-sm font-normal text-slate-600">/ 1 hour</span>
              </p>
              <Button type="submit" size="lg" disabled={state.step === 'loading'} {...primaryAction}>
                {state.step === 'loading' ? 'Loading...' : 'Book Consultation'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
