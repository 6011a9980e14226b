import { FormPage } from '@/components/layout/form-page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function Component() {
  return (
    <FormPage title="Choose a New Password" description="Setting it signs your account out on every device.">
      <ResetPasswordForm />
    </FormPage>
  );
}
