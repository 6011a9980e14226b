import { company } from '@shared/site/company';
import { Action, Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface ConsultationBookedData {
  name: string;
  /** "199.00" */
  amount: string;
  description: string;
  /** ISO 8601. */
  paidAt: string;
  /** Its invoice ("2026-000123"), attached as a PDF; absent in mails written before every charge had one. */
  invoiceNumber?: string;
}

/** To the client when their paid consultation is booked. */
export const consultationBooked = defineTemplate<ConsultationBookedData>({
  subject: () => 'Your consultation is booked',
  preview: () => 'We will contact you within one business day to schedule it.',
  reason: `You are receiving this email because you booked a consultation with ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your consultation is booked, {data.name}</Title>
      <Paragraph>
        Thank you! We received your payment for a one-hour technical consultation. An engineer will contact you within
        one business day to schedule it at a time that suits you.
      </Paragraph>
      <Details
        rows={[
          ['Service', data.description],
          ['Paid', `$${data.amount}`],
          ...(data.invoiceNumber ? [['Invoice', `${data.invoiceNumber} (PDF attached)`] as const] : []),
        ]}
      />
      <Action href={ctx.url('/portal')} label="See it in your portal" />
      <Paragraph muted>This email is your receipt. Questions? Reply to it or call us at {company.phone}.</Paragraph>
    </>
  ),
});
