import { company } from '@shared/site/company';
import { AddressBlock, OrderMailEnd, OrderSummary, type OrderAmounts, type ShippingAddressData } from './order-lines';
import { Details, Paragraph, Subtitle, Title } from './parts';
import { defineTemplate } from './template';

export interface OrderReceiptData extends OrderAmounts {
  name: string;
  orderId: string;
  /** NS-10427 (decision 101). */
  orderNumber: string;
  /** ISO 8601. */
  paidAt: string;
  shipping: ShippingAddressData;
  /** The invoice (attached as a PDF); absent in receipts written before invoices existed. */
  invoiceNumber?: string;
}

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: company.hours.timeZone,
  });

/** To the client when their order is paid. */
export const orderReceipt = defineTemplate<OrderReceiptData>({
  subject: (data) => `Receipt for your order ${data.orderNumber}`,
  preview: (data) => `Payment received: $${data.total}. We are preparing your order.`,
  reason: `You are receiving this email because you placed an order at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Thank you for your order, {data.name}</Title>
      <Paragraph>We received your payment and are preparing your order. This email is your receipt.</Paragraph>
      <Details
        rows={[
          ['Order', data.orderNumber],
          ['Paid on', formatDay(data.paidAt)],
          ...(data.invoiceNumber ? [['Invoice', `${data.invoiceNumber} (attached as a PDF)`] as [string, string]] : []),
        ]}
      />
      <OrderSummary amounts={data} />
      <Subtitle>Shipping to</Subtitle>
      <AddressBlock address={data.shipping} />
      <OrderMailEnd ctx={ctx} orderId={data.orderId} about="your order" reference={data.orderNumber} />
    </>
  ),
});
