import type { LoginInput } from '@shared/schemas/auth';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { FieldErrors } from '@/lib/form';

interface LoginFieldsProps {
  values: LoginInput;
  errors: FieldErrors<LoginInput>;
  setValue<K extends keyof LoginInput>(key: K, value: LoginInput[K]): void;
}

/** Username and password, validated with the shared login schema (the web's login page and the desktop console). */
export function LoginFields({ values, errors, setValue }: LoginFieldsProps) {
  return (
    <>
      <FormField label="Username" error={errors.username}>
        <Input
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => setValue('username', e.target.value)}
        />
      </FormField>
      <FormField label="Password" error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
        />
      </FormField>
    </>
  );
}
