import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface TwoFactorCodeFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  label?: string;
}

/** A code from the authenticator app, or a recovery code (the login's second step, here and in the desktop console). */
export function TwoFactorCodeField({
  value,
  onChange,
  error,
  label = 'Code from your authenticator app',
}: TwoFactorCodeFieldProps) {
  return (
    <FormField label={label} hint="Or one of your recovery codes." {...(error ? { error } : {})}>
      <Input
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
