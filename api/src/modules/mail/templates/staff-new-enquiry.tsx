import { company } from '@shared/site/company';
import { EnquiryCopy, type EnquiryData } from './contact-acknowledgement';
import { Paragraph, Title } from './parts';
import { defineTemplate } from './template';

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
      <EnquiryCopy data={data} />
    </>
  ),
});
