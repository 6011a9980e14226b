import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, placeApiError, type FieldErrors } from '@/lib/form';
import { quoteRequestBody, useRequestQuote } from '../api/request-quote';

interface Contact {
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
}

const EMPTY: Contact = { name: '', email: '', phone: '', company: '', message: '' };

const REQUEST_FAILED = 'Your request could not be sent. Please try again.';

/** "Request a quote instead": the cart's items (ids and quantities) with who is asking; staff answer with a quote. */
export function QuoteRequestForm({
  items,
  onCancel,
}: {
  items: ReadonlyArray<{ id: string; quantity: number }>;
  onCancel(): void;
}) {
  const [values, setValues] = useState<Contact>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Contact>>({});
  const request = useRequestQuote();
  const formRef = useRef<HTMLFormElement>(null);

  if (request.isSuccess)
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <CheckCircle2 className="h-10 w-10 text-green-700" aria-hidden="true" />
        <p className="font-semibold text-slate-900">Thank you, we have your request.</p>
        <p className="text-sm text-slate-600">
          We will send a quote for these items to {values.email} within one business day.
        </p>
      </div>
    );

  const field = (key: keyof Contact) => ({
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues({ ...values, [key]: e.target.value });
      setErrors({ ...errors, [key]: undefined });
    },
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Request a quote"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const body = quoteRequestBody(values, items);
        // The rules (zod) load on first submit: the cart drawer opens without them.
        void import('@shared/schemas/quotes').then(({ quoteRequestSchema }) => {
          const parsed = quoteRequestSchema.safeParse(body);
          if (!parsed.success) {
            setErrors(fieldErrors<Contact>(parsed.error));
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
            return;
          }
          request.mutate(body, {
            // A refusal about a field goes under it (the alert below says only the others).
            onError: (error) => {
              const placed = placeApiError(
                errorMessage(error, REQUEST_FAILED),
                Object.keys(EMPTY) as (keyof Contact)[],
              );
              if (placed.field) setErrors({ [placed.field]: placed.message });
            },
          });
        });
      }}
    >
      <p className="text-sm text-slate-600">
        Buying for a business? Tell us who you are and we will send a quote for the items in your cart.
      </p>
      <FormField label="Name" error={errors.name}>
        <Input autoComplete="name" maxLength={100} {...field('name')} />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" maxLength={254} {...field('email')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Phone" optional error={errors.phone}>
          <Input type="tel" autoComplete="tel" maxLength={40} {...field('phone')} />
        </FormField>
        <FormField label="Company" optional error={errors.company}>
          <Input autoComplete="organization" maxLength={150} {...field('company')} />
        </FormField>
      </div>
      <FormField label="Message" error={errors.message}>
        <Textarea rows={3} maxLength={5000} {...field('message')} />
      </FormField>
      {request.isError &&
      placeApiError(errorMessage(request.error, REQUEST_FAILED), Object.keys(EMPTY)).field === null ? (
        <FormAlert>{errorMessage(request.error, REQUEST_FAILED)}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Quote Request'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Back to the cart
        </Button>
      </div>
    </form>
  );
}
