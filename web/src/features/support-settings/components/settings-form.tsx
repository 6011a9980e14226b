import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';

/** What a settings form needs of its setting's save (a PUT of the whole value, answered with what was stored). */
interface SettingSave<Sent, Stored> {
  isPending: boolean;
  mutate(value: Sent, callbacks: { onSuccess(saved: Stored): void; onError(error: unknown): void }): void;
}

/**
 * A setting's form, checked with its schema before it is sent: once saved,
 * the form shows what was stored and a toast says so; a refusal goes under
 * the field it names, or above the button (`formError`).
 */
export function useSettingsForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
  save: SettingSave<z.output<S>, z.input<S>>,
  messages: { saved(value: z.input<S>): Parameters<typeof toast>[0]; failed: string },
) {
  const form = useSchemaForm(schema, initial);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setFormError(null);
    form.submit((value) => {
      save.mutate(value, {
        onSuccess: (saved) => {
          form.setValues(saved);
          toast(messages.saved(saved));
        },
        onError: (error) => setFormError(form.showApiError(error, messages.failed, formElement)),
      });
    }, formElement);
  };

  return { form, onSubmit, formError };
}

/** A yes/no setting: its checkbox and label, and the API's refusal under it. */
export function SettingCheckbox({
  name,
  label,
  checked,
  error,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  error: string | undefined;
  onChange(checked: boolean): void;
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The end of a settings form: the refusal that names no field, and the save button. */
export function SaveSettings({
  formError,
  saving,
  label,
}: {
  formError: string | null;
  saving: boolean;
  label: string;
}) {
  return (
    <>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? 'Saving...' : label}
      </Button>
    </>
  );
}

/** A whole number typed in a field: NaN while it is empty or not a number, which the schema refuses by name. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (value: number) => (Number.isNaN(value) ? '' : String(value));

/** A whole-number setting: its field, with what it means and the refusal under it. */
export function WholeNumberField({
  label,
  hint,
  name,
  min,
  max,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  name: string;
  min: number;
  max: number;
  value: number;
  error: string | undefined;
  onChange(value: number): void;
}) {
  return (
    <FormField label={label} hint={hint} error={error}>
      <Input
        type="number"
        name={name}
        inputMode="numeric"
        min={min}
        max={max}
        value={shown(value)}
        onChange={(event) => onChange(wholeNumber(event.target.value))}
      />
    </FormField>
  );
}
