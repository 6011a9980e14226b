import { formatCents, toCents } from '@shared/money';
import { company } from '@shared/site/company';
import { Action, Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

/** What every quote mail names: the quote by its number (with "-v2" for a revision) and title. */
interface QuoteMailBase {
  customerName: string;
  /** "Q-2026-0001", or "Q-2026-0001-v2" for a revision. */
  number: string;
  title: string;
}

const money = (amount: string) => formatCents(toCents(amount));
const quoteLink = (token: string) => `/quotes/${encodeURIComponent(token)}`;

export interface QuoteReminderData extends QuoteMailBase {
  /** The last day it can be accepted, written out ("December 31, 2026"). */
  validUntil: string;
  /** The token of the quote's page (a secret of the mail, like the quote itself's). */
  token: string;
}

/** To the client, three days before an open quote's last day (once per version). */
export const quoteReminder = defineTemplate<QuoteReminderData>({
  subject: (data) => `Your quote ${data.number} is valid until ${data.validUntil}`,
  preview: (data) => `${data.title}: accept it online before it expires.`,
  reason: `You are receiving this email because ${company.name} sent you a quote that is still open.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your quote {data.number} expires soon</Title>
      <Paragraph>
        Hello {data.customerName}, our quote for <strong>{data.title}</strong> can be accepted until{' '}
        <strong>{data.validUntil}</strong>. After that day we will need to prepare a new one.
      </Paragraph>
      <Action href={ctx.url(quoteLink(data.token))} label="View and accept the quote" />
      <Paragraph muted>Questions, or something to change? Reply to this email.</Paragraph>
    </>
  ),
});

export interface QuoteAcceptedData extends QuoteMailBase {
  /** The name typed to sign it. */
  signatureName: string;
  /** ISO 8601. */
  acceptedAt: string;
  /** Amounts with two decimals; the deposit is "0.00" when none is due. */
  oneTimeTotal: string;
  recurringMonthly: string;
  deposit: string;
  /** The quote's page, where the deposit is paid (a secret of the mail). */
  token: string;
}

const acceptedAtText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: company.hours.timeZone,
  });

/** To the client: the receipt of their acceptance, and the deposit still to pay if one is due. */
export const quoteAccepted = defineTemplate<QuoteAcceptedData>({
  subject: (data) => `You accepted quote ${data.number}: ${data.title}`,
  preview: (data) =>
    toCents(data.deposit) > 0 ? `Pay the ${money(data.deposit)} deposit to start the work.` : 'We start the work.',
  reason: `You are receiving this email because you accepted a quote from ${company.name}.`,
  Body: ({ data, ctx }) => {
    const depositDue = toCents(data.deposit) > 0;
    return (
      <>
        <Title>Thank you, {data.customerName}</Title>
        <Paragraph>
          You accepted our quote for <strong>{data.title}</strong>.{' '}
          {depositDue
            ? `The work starts once the deposit of ${money(data.deposit)} is paid; pay it on the quote's page.`
            : 'We are setting up the work and will be in touch to plan it.'}
        </Paragraph>
        <Details
          rows={[
            ['Quote', data.number],
            ['Signed as', data.signatureName],
            ['Accepted', acceptedAtText(data.acceptedAt)],
            ['One-time total', toCents(data.oneTimeTotal) > 0 ? money(data.oneTimeTotal) : null],
            ['Deposit due now', depositDue ? money(data.deposit) : null],
            ['Per month', toCents(data.recurringMonthly) > 0 ? money(data.recurringMonthly) : null],
          ]}
        />
        <Action
          href={ctx.url(quoteLink(data.token))}
          label={depositDue ? 'Pay the deposit' : 'View the accepted quote'}
        />
        <Paragraph muted>This email is the receipt of your acceptance. Questions? Reply to it.</Paragraph>
      </>
    );
  },
});

export interface QuoteDepositPaidData extends QuoteMailBase {
  /** "542.50" */
  amount: string;
  /** Its invoice ("2026-000123"), attached as a PDF. */
  invoiceNumber: string;
}

/** To the client: the deposit is paid and the work starts. */
export const quoteDepositPaid = defineTemplate<QuoteDepositPaidData>({
  subject: (data) => `Deposit received for quote ${data.number}`,
  preview: () => 'Thank you: we start the work.',
  reason: `You are receiving this email because you paid a deposit to ${company.name}.`,
  Body: ({ data }) => (
    <>
      <Title>Deposit received, thank you</Title>
      <Paragraph>
        Hello {data.customerName}, we received your deposit for <strong>{data.title}</strong>. The project is open and
        the engineer who prepared your quote will contact you to plan the work.
      </Paragraph>
      <Details
        rows={[
          ['Quote', data.number],
          ['Deposit paid', money(data.amount)],
          ['Invoice', `${data.invoiceNumber} (PDF attached)`],
        ]}
      />
      <Paragraph muted>This email is your receipt. Questions? Reply to it or call us at {company.phone}.</Paragraph>
    </>
  ),
});

export interface StaffQuoteAnsweredData {
  quoteId: string;
  number: string;
  title: string;
  customer: { name: string; email: string; company: string | null };
  /** Accepted: the typed name; declined: the reason given, if any. */
  answer: { kind: 'accepted'; signatureName: string; deposit: string } | { kind: 'declined'; reason: string | null };
}

/** To staff: a client accepted or declined a quote. */
export const staffQuoteAnswered = defineTemplate<StaffQuoteAnsweredData>({
  subject: (data) =>
    `Quote ${data.number} ${data.answer.kind === 'accepted' ? 'accepted' : 'declined'} — ${data.customer.name}`,
  reason: `Staff alert from the ${company.name} website.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>
        {data.customer.name} {data.answer.kind === 'accepted' ? 'accepted' : 'declined'} quote {data.number}
      </Title>
      <Paragraph>
        {data.answer.kind === 'accepted'
          ? toCents(data.answer.deposit) > 0
            ? `The work starts once they pay the ${money(data.answer.deposit)} deposit; you will see it on the quote.`
            : 'No deposit is due: the project is open now.'
          : 'Reply to this email to ask what would change their mind, or revise the quote.'}
      </Paragraph>
      <Details
        rows={[
          ['Quote', `${data.number}: ${data.title}`],
          ['Client', data.customer.company ? `${data.customer.name} (${data.customer.company})` : data.customer.name],
          ['Email', data.customer.email],
          data.answer.kind === 'accepted'
            ? ['Signed as', data.answer.signatureName]
            : ['Reason', data.answer.reason ?? 'None given'],
        ]}
      />
      <Action href={ctx.url(`/admin/quotes/${data.quoteId}`)} label="Open the quote" />
    </>
  ),
});
