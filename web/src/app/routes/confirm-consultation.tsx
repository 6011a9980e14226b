import { FormPage } from '@/components/layout/form-page';
import { ConsultationLinkConfirm } from '@/features/tickets/components/consultation-link-confirm';

export function Component() {
  return (
    <FormPage title="Confirm Your Consultation Time">
      <ConsultationLinkConfirm />
    </FormPage>
  );
}
