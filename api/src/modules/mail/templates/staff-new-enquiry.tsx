import { company } from '@shared/site/company';
import { EnquiryCopy, type EnquiryData } from './contact-acknowledgement';
import { Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface StaffEnquiryData extends EnquiryData {
  /** Whether the sender was a logged-in client (the message is then one of their service requests). */
  fromClientAccount: boolean;
  /** The service request a logged-in client's message became (T-10001): staff work it there (decision 199). */
  ticketNumber?: string | null;
}

/** To staff: a new contact enquiry (Reply-To is the sender). */
export const staffNewEnquiry = defineTemplate<StaffEnquiryData>({
  subject: (data) =>
    data.ticketNumber
      ? `New service request ${data.ticketNumber}: ${data.service} — ${data.name}`
      : `New enquiry: ${data.service} — ${data.name}`,
  reason: `Staff alert from the ${company.name} website.`,
  Body: ({ data }) => (
    <>
      <Title>
        {data.ticketNumber ? `New service request ${data.ticketNumber}` : 'New enquiry'} from {data.name}
      </Title>
      <Paragraph>
        {data.ticketNumber
          ? `They are a logged-in client: answer on service request ${data.ticketNumber} in the console, where they follow it in their portal. We promised an answer within 24 hours.`
          : `Reply to this email to answer ${data.name} directly. We promised an answer within 24 hours.`}
      </Paragraph>
      <EnquiryCopy data={data} />
    </>
  ),
});
