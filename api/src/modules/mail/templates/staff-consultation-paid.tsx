import { company } from '@shared/site/company';
import { Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface StaffConsultationPaidData {
  customer: { name: string; username: string; email: string | null };
  amount: string;
  paymentId: string;
  /** What the client said it is about, and when suits them (decision 200); absent from older mails. */
  topic?: string | null;
  preferredTimes?: string | null;
}

/** To staff: a client paid for a consultation and waits to be called. */
export const staffConsultationPaid = defineTemplate<StaffConsultationPaidData>({
  subject: (data) => `New paid consultation — ${data.customer.name}`,
  reason: `Staff alert from the ${company.name} website.`,
  Body: ({ data }) => (
    <>
      <Title>New paid consultation</Title>
      <Paragraph>
        {data.customer.name} paid ${data.amount} for a one-hour consultation. We promised to contact them within one
        business day to schedule it; it is in their service requests.
      </Paragraph>
      <Details
        rows={[
          ['Client', `${data.customer.name} (${data.customer.username})`],
          ['Email', data.customer.email],
          ['Payment', data.paymentId],
          ['Topic', data.topic ?? 'Not given'],
          ['Preferred times', data.preferredTimes ?? 'Any'],
        ]}
      />
    </>
  ),
});
