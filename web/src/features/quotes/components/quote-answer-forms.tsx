import { useRef, useState } from 'react';
import { emptyShipping, shippingSchema, type ShippingInput } from '@shared/schemas/orders';
import { quoteAcceptSchema, quoteDeclineSchema } from '@shared/schemas/quotes';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, placeApiError, type FieldErrors } from '@/lib/form';
import { useAcceptQuote, useDeclineQuote } from '../api/public-quote';

interface AcceptValues {
  signatureName: string;
  agree: boolean;
}

type ShippingKey = keyof ShippingInput;

/** The delivery address, with checkout's fields and labels (the shared schema's rules and messages). */
const SHIPPING_FIELDS: { key: ShippingKey; label: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'fullName', label: 'Full Name', autoComplete: 'shipping name', wide: true },
  { key: 'address', label: 'Address', autoComplete: 'shipping street-address', wide: true },
  { key: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { key: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { key: 'zipCode', label: 'ZIP Code', autoComplete: 'shipping postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'shipping country-name' },
];

const ACCEPT_FIELDS = ['signatureName', 'agree', 'fullName', 'address', 'city', 'state', 'zipCode', 'country'] as const;
const ACCEPT_FAILED = 'The quote could not be accepted. Please try again.';
const DECLINE_FAILED = 'The quote could not be declined. Please try again.';

type AcceptErrors = FieldErrors<AcceptValues> & FieldErrors<ShippingInput>;

/**
 * Accept: the client types their full name and ticks "I agree to the terms" (the shared schema's rules); a quote
 * with products also asks where to deliver them, with checkout's fields and messages (decision 201).
 */
export function AcceptQuoteForm({ token, withShipping = false }: { token: string; withShipping?: boolean }) {
  const [values, setValues] = useState<AcceptValues>({ signatureName: '', agree: false });
  const [shipping, setShipping] = useState<ShippingInput>(emptyShipping);
  const [errors, setErrors] = useState<AcceptErrors>({});
  const accept = useAcceptQuote(token);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = quoteAcceptSchema.safeParse(values);
    const address = withShipping ? shippingSchema.safeParse(shipping) : null;
    if (!parsed.success || (address && !address.success)) {
      setErrors({
        ...(address && !address.success ? fieldErrors<ShippingInput>(address.error) : {}),
        ...(parsed.success ? {} : fieldErrors<AcceptValues>(parsed.error)),
      });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    accept.mutate(address?.success ? { ...parsed.data, shipping: address.data } : parsed.data, {
      // A refusal about a field goes under it (the alert below says only the others).
      onError: (error) => {
        const placed = placeApiError(errorMessage(error, ACCEPT_FAILED), ACCEPT_FIELDS);
        if (placed.field) setErrors({ [placed.field]: placed.message });
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Accept the quote">
      {withShipping ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900 sm:col-span-2">Delivery address</legend>
          {SHIPPING_FIELDS.map((field) => (
            <div key={field.key} className={field.wide ? 'sm:col-span-2' : undefined}>
              <FormField label={field.label} error={errors[field.key]}>
                <Input
                  name={field.key}
                  autoComplete={field.autoComplete}
                  value={shipping[field.key]}
                  onChange={(e) => {
                    setShipping({ ...shipping, [field.key]: e.target.value });
                    setErrors({ ...errors, [field.key]: undefined });
                  }}
                />
              </FormField>
            </div>
          ))}
        </fieldset>
      ) : null}
      <FormField label="Your full name" error={errors.signatureName} hint="Typing your name signs this quote.">
        <Input
          name="signatureName"
          autoComplete="name"
          maxLength={150}
          value={values.signatureName}
          onChange={(e) => {
            setValues({ ...values, signatureName: e.target.value });
            setErrors({ ...errors, signatureName: undefined });
          }}
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            name="agree"
            className="mt-0.5 h-4 w-4"
            checked={values.agree}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `agree-error-${token}` : undefined}
            onChange={(e) => {
              setValues({ ...values, agree: e.target.checked });
              setErrors({ ...errors, agree: undefined });
            }}
          />
          I agree to the terms
        </label>
        {errors.agree ? (
          <p id={`agree-error-${token}`} role="alert" className="text-sm font-medium text-red-700">
            {errors.agree}
          </p>
        ) : null}
      </div>
      {accept.isError && placeApiError(errorMessage(accept.error, ACCEPT_FAILED), ACCEPT_FIELDS).field === null ? (
        <FormAlert>{errorMessage(accept.error, ACCEPT_FAILED)}</FormAlert>
      ) : null}
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? 'Accepting...' : 'Accept Quote'}
      </Button>
    </form>
  );
}

/** Decline, with an optional reason; asked for only once the client chooses to. */
export function DeclineQuoteForm({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decline = useDeclineQuote(token);

  if (!open)
    return (
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Decline Quote
      </Button>
    );
  return (
    <form
      noValidate
      aria-label="Decline the quote"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = quoteDeclineSchema.safeParse(reason.trim() ? { reason } : {});
        if (!parsed.success) {
          setError(fieldErrors<{ reason: string }>(parsed.error).reason);
          return;
        }
        decline.mutate(parsed.data, {
          onError: (refusal) => {
            const placed = placeApiError(errorMessage(refusal, DECLINE_FAILED), ['reason']);
            if (placed.field) setError(placed.message);
          },
        });
      }}
    >
      <FormField label="Why are you declining?" optional error={error}>
        <Textarea name="reason" rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      {decline.isError && placeApiError(errorMessage(decline.error, DECLINE_FAILED), ['reason']).field === null ? (
        <FormAlert>{errorMessage(decline.error, DECLINE_FAILED)}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={decline.isPending}>
          {decline.isPending ? 'Declining...' : 'Decline Quote'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Keep it open
        </Button>
      </div>
    </form>
  );
}
