import { formatPrice } from '@shared/money';
import { company } from '@shared/site/company';
import { OrderMailEnd } from './order-lines';
import { Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface OrderCancelledData {
  name: string;
  orderId: string;
  /** NS-10427. */
  orderNumber: string;
  total: string;
}

/** To the client when staff cancel an order they had paid for (an abandoned, unpaid checkout gets no mail). */
export const orderCancelled = defineTemplate<OrderCancelledData>({
  subject: (data) => `Your order ${data.orderNumber} has been cancelled`,
  preview: (data) => `We have cancelled order ${data.orderNumber}.`,
  reason: `You are receiving this email because you placed an order at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your order has been cancelled, {data.name}</Title>
      <Paragraph>We have cancelled order {data.orderNumber}: nothing from it will be shipped to you.</Paragraph>
      <Details
        rows={[
          ['Order', data.orderNumber],
          ['Order total', formatPrice(data.total)],
        ]}
      />
      <Paragraph>
        Money we return to your card is confirmed in an email of its own, with the amount, as soon as the refund is on
        its way.
      </Paragraph>
      <OrderMailEnd ctx={ctx} orderId={data.orderId} about="this cancellation" reference={data.orderNumber} />
    </>
  ),
});
