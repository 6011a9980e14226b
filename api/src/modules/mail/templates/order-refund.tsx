import { company } from '@shared/site/company';
import { OrderMailEnd } from './order-lines';
import { Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface OrderRefundData {
  name: string;
  orderId: string;
  orderNumber: string;
  /** This refund, e.g. "25.00". */
  amount: string;
  /** Everything refunded of the order so far, this refund included. */
  refundedTotal: string;
  /** What the order cost. */
  orderTotal: string;
  /** Whether the whole order is now refunded. */
  full: boolean;
  /** The lines refunded ("2 × Managed Switch"), or empty for a refund of an amount. */
  lines: string[];
  /** The credit note of this refund ("CN-2026-0001"), attached as a PDF; absent for mails written before them. */
  creditNoteNumber?: string;
}

/** To the client when a refund of their order has gone through. */
export const orderRefund = defineTemplate<OrderRefundData>({
  subject: (data) => `Refund of $${data.amount} for your order ${data.orderNumber}`,
  preview: (data) => `We refunded $${data.amount} to your card.`,
  reason: `You are receiving this email because you placed an order at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>We refunded ${data.amount}</Title>
      <Paragraph>
        Hello {data.name}, we refunded ${data.amount} of your order {data.orderNumber} to the card you paid with. Banks
        usually show a refund within 5 to 10 business days.
      </Paragraph>
      <Details
        rows={[
          ['Order', data.orderNumber],
          ...(data.creditNoteNumber ? [['Credit note', `${data.creditNoteNumber} (PDF attached)`] as const] : []),
          ['This refund', `$${data.amount}`],
          ...(data.lines.length > 0 ? [['For', data.lines.join(', ')] as const] : []),
          ['Refunded in all', `$${data.refundedTotal} of $${data.orderTotal}`],
          ['Order status', data.full ? 'Refunded in full' : 'Partly refunded'],
        ]}
      />
      <OrderMailEnd ctx={ctx} orderId={data.orderId} about="this refund" reference={data.orderNumber} />
    </>
  ),
});
