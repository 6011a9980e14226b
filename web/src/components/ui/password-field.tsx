import { FormField } from './form-field';
import { Input } from './input';

/** Under a new password: the spec's rule and the common-password check, in words. */
const NEW_PASSWORD_HINT = 'At least 6 characters, and not a common one.';

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

interface NewPasswordFieldsProps {
  /** The form's name for the new password (`password`, `newPassword`); the repeat is `confirmPassword`. */
  name: string;
  value: string;
  confirmValue: string;
  onChange(value: string): void;
  onConfirmChange(value: string): void;
  error?: string;
  confirmError?: string;
}

/** A new password and its repeat, as password managers expect them. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New password"
        name={props.name}
        autoComplete="new-password"
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        hint={NEW_PASSWORD_HINT}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        value={props.confirmValue}
        onChange={props.onConfirmChange}
        error={props.confirmError}
      />
    </>
  );
}
