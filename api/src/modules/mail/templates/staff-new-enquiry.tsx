import { company } from '@shared/site/company';
import { Details, Paragraph, Quote, Title } from './parts';
import { defineTemplate } from './template';
import type { EnquiryData } from './contact-acknowledgement';

export interface StaffEnquiryData extends EnquiryData {
  /** Whether the sender was a logged-in client (the enquiry is then also one of their service requests). */
  fromClientAccount: boolean;
}

/** To staff: a new contact enquiry (Reply-To is the sender). */
export const staffNewEnquiry = defineTemplate<StaffEnquiryData>({
  subject: (data) => `New enquiry: ${data.service} — ${data.name}`,
  reason: `Staff alert from the ${company.name} website.`,
  Body: ({ data }) => (
    <>
      <Title>New enquiry from {data.name}</Title>
      <Paragraph>
        Reply to this email to answer {data.name} directly. We promised an answer within 24 hours.
        {data.fromClientAccount ? ' They are a logged-in client: the enquiry is also in their service requests.' : ''}
      </Paragraph>
      <Details
        rows={[
          ['Name', data.name],
          ['Email', data.email],
          ['Phone', data.phone],
          ['Company', data.company],
          ['Service', data.service],
        ]}
      />
      <Quote text={data.message} />
    </>
  ),
});
