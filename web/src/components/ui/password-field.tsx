import { FormField } from './form-field';
import { Input } from './input';

/** Under a new password: the spec's rule and the common-password check, in words. */
export const NEW_PASSWORD_HINT = 'At least 6 characters, and not a common one.';

interface PasswordFieldProps {
  label: string;
  name: string;
  /** `current-password` or `new-password`: lets password managers fill or suggest. */
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
}

/** A labelled password input with its hint and validation message. */
export function PasswordField({ label, name, autoComplete, value, onChange, error, hint }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <Input
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
