import type { ContactMessageData } from '@shared/schemas/contact';
import { company } from '@shared/site/company';
import { Details, Paragraph, Quote, Subtitle, Title } from './parts';
import { defineTemplate } from './template';

/** An enquiry as the contact form sent it (without the honeypot). */
export type EnquiryData = Pick<ContactMessageData, 'name' | 'email' | 'phone' | 'company' | 'service' | 'message'>;

/** The fields of an enquiry, then its message as typed. */
export function EnquiryCopy({ data }: { data: EnquiryData }) {
  return (
    <>
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
  );
}

/** To someone who sent the contact form: we have it, and a copy of what they sent. */
export const contactAcknowledgement = defineTemplate<EnquiryData>({
  subject: () => 'We received your message',
  preview: () => "Thanks for contacting us. We'll get back to you within 24 hours.",
  reason: `You are receiving this email because this address was entered in the contact form on the ${company.name} website.`,
  Body: ({ data }) => (
    <>
      <Title>Thanks for your message, {data.name}</Title>
      <Paragraph>
        We received your enquiry about <strong>{data.service}</strong> and will get back to you within 24 hours. If it
        is urgent, call us at {company.phone}.
      </Paragraph>
      <Subtitle>What you sent us</Subtitle>
      <EnquiryCopy data={data} />
    </>
  ),
});
