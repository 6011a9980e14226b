import { FormPage } from '@/components/layout/form-page';
import { ConfirmEmail } from '@/features/account/components/confirm-email';

export function Component() {
  return (
    <FormPage title="Confirm Your Email Address">
      <ConfirmEmail />
    </FormPage>
  );
}
