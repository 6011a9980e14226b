import { company } from '@shared/site/company';
import { AddressBlock, OrderMailEnd, type ShippingAddressData } from './order-lines';
import { Details, Paragraph, Subtitle, Title } from './parts';
import { defineTemplate } from './template';

export interface OrderShippedData {
  name: string;
  orderId: string;
  /** NS-10427. */
  orderNumber: string;
  carrier: string | null;
  trackingNumber: string | null;
  shipping: ShippingAddressData;
}

/** To the client when staff mark their order shipped. */
export const orderShipped = defineTemplate<OrderShippedData>({
  subject: (data) => `Your order ${data.orderNumber} has shipped`,
  preview: (data) =>
    data.trackingNumber
      ? `On its way${data.carrier ? ` with ${data.carrier}` : ''}: tracking number ${data.trackingNumber}.`
      : 'Your order is on its way.',
  reason: `You are receiving this email because you placed an order at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your order is on its way, {data.name}</Title>
      <Paragraph>We have shipped order {data.orderNumber}.</Paragraph>
      <Details
        rows={[
          ['Order', data.orderNumber],
          ['Carrier', data.carrier ?? 'Not given'],
          ['Tracking number', data.trackingNumber ?? 'Not given'],
        ]}
      />
      <Subtitle>Shipping to</Subtitle>
      <AddressBlock address={data.shipping} />
      <OrderMailEnd ctx={ctx} orderId={data.orderId} about="your delivery" reference={data.orderNumber} />
    </>
  ),
});
