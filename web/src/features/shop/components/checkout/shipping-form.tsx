import { shippingSchema, type Shipping, type ShippingInput } from '@shared/schemas/orders';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { primaryAction } from '@/lib/primary-actions';

const fields: { key: keyof ShippingInput; label: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'fullName', label: 'Full Name', autoComplete: 'shipping name', wide: true },
  { key: 'address', label: 'Address', autoComplete: 'shipping street-address', wide: true },
  { key: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { key: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { key: 'zipCode', label: 'ZIP Code', autoComplete: 'shipping postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'shipping country-name' },
];

/** Places a refusal of the checkout ("shipping.zipCode: …") under its field; returns any other message. */
export type ShippingRefused = (error: unknown, fallback: string) => string | null;

/** Spec §5 shipping rules and messages (the same schema the API applies). */
export function ShippingForm({
  initial,
  submitting,
  disabled,
  onSubmit,
}: {
  initial: ShippingInput;
  submitting: boolean;
  disabled: boolean;
  /** `refused` shows the API's refusal of a field under it (its answer: the message for elsewhere, or null). */
  onSubmit: (shipping: Shipping, refused: ShippingRefused) => void;
}) {
  const form = useSchemaForm(shippingSchema, initial);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit(
      (shipping) => onSubmit(shipping, (error, fallback) => form.showApiError(error, fallback, formElement)),
      formElement,
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Shipping information">
      {fields.map((field) => (
        <div key={field.key} className={field.wide ? 'sm:col-span-2' : undefined}>
          <FormField label={field.label} error={form.errors[field.key]}>
            <Input
              name={field.key}
              autoComplete={field.autoComplete}
              value={form.values[field.key]}
              onChange={(e) => form.setValue(field.key, e.target.value)}
            />
          </FormField>
        </div>
      ))}
      <Button type="submit" size="lg" className="sm:col-span-2" disabled={submitting || disabled} {...primaryAction}>
        {submitting ? 'Preparing payment...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}
