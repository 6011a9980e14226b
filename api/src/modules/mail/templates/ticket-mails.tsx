import { company } from '@shared/site/company';
import { formatInZone } from '@shared/time-zones';
import { Action, Details, InlineLink, Paragraph, Quote, Subtitle, Title } from './parts';
import { defineTemplate } from './template';

/** Mails of the ticket workflow: answers to enquiries and requests, consultation times. */

export interface EnquiryReplyData {
  name: string;
  service: string;
  reply: string;
  staffName: string;
  /** What they sent us, quoted below the answer. */
  original: string;
}

/** To someone who sent the contact form: a staff member's answer. */
export const enquiryReply = defineTemplate<EnquiryReplyData>({
  subject: (data) => `Re: your enquiry about ${data.service}`,
  reason: `You are receiving this email because this address was entered in the contact form on the ${company.name} website.`,
  Body: ({ data }) => (
    <>
      <Title>Hello {data.name},</Title>
      <Quote text={data.reply} />
      <Paragraph muted>
        {data.staffName}, {company.name}. Reply to this email or call us at {company.phone}.
      </Paragraph>
      <Subtitle>Your message</Subtitle>
      <Quote text={data.original} />
    </>
  ),
});

/** The ticket's number (T-10001; decision 181): absent in mails queued before tickets had one. */
const numbered = (text: string, ticketNumber?: string) => (ticketNumber ? `${text} ${ticketNumber}` : text);

export interface TicketReplyData {
  requestId: string;
  ticketNumber?: string;
  name: string;
  service: string;
  reply: string;
  staffName: string;
  /** The names of files attached to the reply (downloaded from the portal, never sent by email). */
  attachments?: string[];
}

/** To the client: a staff member answered their service request (never an internal note). */
export const ticketReply = defineTemplate<TicketReplyData>({
  subject: (data) => `New reply to your request${data.ticketNumber ? ` ${data.ticketNumber}` : ''}: ${data.service}`,
  reason: `You are receiving this email because you have a service request with ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>{data.staffName} replied to your request</Title>
      <Paragraph>
        Hello {data.name}, here is the latest on your {numbered('request', data.ticketNumber)} about {data.service}:
      </Paragraph>
      <Quote text={data.reply} />
      {data.attachments?.length ? (
        <Paragraph>
          Attached: {data.attachments.join(', ')}. Open the request to download{' '}
          {data.attachments.length === 1 ? 'it' : 'them'}.
        </Paragraph>
      ) : null}
      <Action href={ctx.url(`/portal/request?id=${data.requestId}`)} label="View and reply" />
      <Paragraph muted>Answer from your client portal so the whole thread stays in one place.</Paragraph>
    </>
  ),
});

export interface ConsultationTimeData {
  requestId: string;
  ticketNumber?: string;
  name: string;
  /** ISO 8601. */
  startsAt: string;
  timeZone: string;
  durationMinutes: number;
}

function TimeDetails({ data }: { data: ConsultationTimeData }) {
  return (
    <Details
      rows={[
        ['When', formatInZone(data.startsAt, data.timeZone)],
        ['Length', `${data.durationMinutes} minutes`],
      ]}
    />
  );
}

/** The proposal mail also carries the token of its one-click confirmation link (none in mails queued before it). */
export interface ConsultationProposedData extends ConsultationTimeData {
  /** Removed from the outbox once the mail is delivered (a secret of the mail, decision 081). */
  confirmToken?: string;
}

/** The page the one-click link opens: it shows the time and a button that confirms it (decision 141). */
export const consultationConfirmPath = (token: string) => `/confirm-consultation?token=${encodeURIComponent(token)}`;

/** To the client: staff proposed a time for their paid consultation. */
export const consultationProposed = defineTemplate<ConsultationProposedData>({
  subject: (data) =>
    data.ticketNumber
      ? `Please confirm your consultation time (${data.ticketNumber})`
      : 'Please confirm your consultation time',
  reason: `You are receiving this email because you booked a consultation with ${company.name}.`,
  Body: ({ data, ctx }) => {
    const portal = ctx.url(`/portal/request?id=${data.requestId}`);
    return (
      <>
        <Title>A time for your consultation, {data.name}</Title>
        <Paragraph>We propose this time for your technical consultation:</Paragraph>
        <TimeDetails data={data} />
        {data.ticketNumber ? <Paragraph muted>Request {data.ticketNumber}</Paragraph> : null}
        <Action
          href={data.confirmToken ? ctx.url(consultationConfirmPath(data.confirmToken)) : portal}
          label="Confirm this time"
        />
        <Paragraph muted>
          If it does not suit you, reply on the request in <InlineLink href={portal}>your portal</InlineLink> and we
          will find another.
        </Paragraph>
      </>
    );
  },
});

/** To the client and staff: the consultation time is confirmed (the calendar file is attached). */
export const consultationConfirmed = defineTemplate<ConsultationTimeData & { forStaff: boolean }>({
  subject: (data) => {
    const ticket = data.ticketNumber ? ` (${data.ticketNumber})` : '';
    return data.forStaff ? `Consultation confirmed: ${data.name}${ticket}` : `Your consultation is confirmed${ticket}`;
  },
  reason: `You are receiving this email because of a consultation booked with ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>{data.forStaff ? `${data.name} confirmed the consultation` : `See you then, ${data.name}`}</Title>
      <TimeDetails data={data} />
      {data.ticketNumber ? <Paragraph muted>Request {data.ticketNumber}</Paragraph> : null}
      <Paragraph>The calendar file attached adds it to your calendar.</Paragraph>
      <Action
        href={ctx.url(
          data.forStaff ? `/admin/service-requests?id=${data.requestId}` : `/portal/request?id=${data.requestId}`,
        )}
        label="Open the request"
      />
    </>
  ),
});
