import { formatCents, toCents } from '@shared/money';
import { company } from '@shared/site/company';
import { Action, Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface QuoteSentData {
  customerName: string;
  /** "Q-2026-0001", or "Q-2026-0001-v2" for a revision. */
  number: string;
  title: string;
  /** Amounts with two decimals ("1234.50"). */
  oneTimeTotal: string;
  recurringMonthly: string;
  deposit: string;
  /** The last day it can be accepted, written out ("December 31, 2026"). */
  validUntil: string;
  /** The token of the quote's page (kept out of the outbox once the mail is delivered). */
  token: string;
  /** A revision replaces an earlier quote of the same number. */
  revision: boolean;
}

const money = (amount: string) => formatCents(toCents(amount));

/** To the client: a quote to read, download (attached PDF) and accept online (issue 25). */
export const quoteSent = defineTemplate<QuoteSentData>({
  subject: (data) => `Your quote ${data.number} from ${company.name}: ${data.title}`,
  preview: (data) => `Read and accept it online until ${data.validUntil}.`,
  reason: `You are receiving this email because ${company.name} prepared a quote for you.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your quote {data.number}</Title>
      <Paragraph>
        Hello {data.customerName}, here is our quote for <strong>{data.title}</strong>
        {data.revision ? ', revised: it replaces the one we sent before' : ''}. The PDF is attached; read it online and
        accept it there by typing your name.
      </Paragraph>
      <Details
        rows={[
          ['One-time total', toCents(data.oneTimeTotal) > 0 ? money(data.oneTimeTotal) : null],
          ['Deposit on acceptance', toCents(data.deposit) > 0 ? money(data.deposit) : null],
          ['Per month', toCents(data.recurringMonthly) > 0 ? money(data.recurringMonthly) : null],
          ['Valid until', data.validUntil],
        ]}
      />
      <Action href={ctx.url(`/quotes/${encodeURIComponent(data.token)}`)} label="View and accept the quote" />
      <Paragraph muted>
        Anyone with this link can read and accept the quote: forward it only to whoever decides. Questions? Reply to
        this email.
      </Paragraph>
    </>
  ),
});
