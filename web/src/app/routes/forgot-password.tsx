import { FormPage } from '@/components/layout/form-page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function Component() {
  return (
    <FormPage
      title="Forgot Your Password?"
      description="Enter your username or email. If your account has an email address, we send it a link to choose a new password."
    >
      <ForgotPasswordForm />
    </FormPage>
  );
}
