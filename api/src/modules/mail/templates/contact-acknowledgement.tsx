import type { EnquirySubmission } from '@shared/schemas/contact';
import { company } from '@shared/site/company';
import { Details, Paragraph, Quote, Subtitle, Title } from './parts';
import { defineTemplate } from './template';

/**
 * An enquiry as the contact form sent it (without the honeypot); `service` is one of the form's services, or
 * "Quote request" for the cart's quote requests.
 */
export type EnquiryData = Pick<EnquirySubmission, 'name' | 'email' | 'phone' | 'company' | 'message'> & {
  service: string;
};

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

/**
 * The acknowledgement's data. The form's address is whatever the sender typed:
 * anything they wrote is echoed only to a signed-in client's own verified
 * address, so nobody can make the site mail their text to someone else
 * (decision 157). Mails queued before carried the fields at the top level and
 * no `copy`: they render without one.
 */
export interface ContactAcknowledgementData {
  service: EnquiryData['service'];
  /** What they sent, or null: only their own confirmed address gets a copy. */
  copy?: EnquiryData | null;
  /** Outside business hours: when the team is back, in words (decision 188); absent or null when open. */
  awayNotice?: string | null;
}

/** To the address given in the contact form: we have the enquiry (with a copy only for a client's own address). */
export const contactAcknowledgement = defineTemplate<ContactAcknowledgementData>({
  subject: () => 'We received your message',
  preview: () => "Thanks for contacting us. We'll get back to you within 24 hours.",
  reason: `You are receiving this email because this address was entered in the contact form on the ${company.name} website.`,
  Body: ({ data }) => (
    <>
      <Title>{data.copy ? `Thanks for your message, ${data.copy.name}` : 'Thanks for your message'}</Title>
      <Paragraph>
        We received your enquiry about <strong>{data.service}</strong> and will get back to you within 24 hours. If it
        is urgent, call us at {company.phone}.
      </Paragraph>
      {data.awayNotice ? <Paragraph>{data.awayNotice}</Paragraph> : null}
      {data.copy ? (
        <>
          <Subtitle>What you sent us</Subtitle>
          <EnquiryCopy data={data.copy} />
        </>
      ) : (
        <Paragraph muted>
          If you did not write to us, someone entered your address by mistake: ignore this email, we will not add you to
          any list.
        </Paragraph>
      )}
    </>
  ),
});
