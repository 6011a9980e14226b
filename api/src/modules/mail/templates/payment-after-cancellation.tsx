import { formatPrice } from '@shared/money';
import { company } from '@shared/site/company';
import { OrderMailEnd } from './order-lines';
import { Action, Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface PaymentAfterCancellationData {
  name: string;
  orderId: string;
  /** NS-10427. */
  orderNumber: string;
  /** What was paid and is being returned, e.g. "1157.70". */
  amount: string;
  /** The order had been cancelled, or it was already paid (this is a second payment). */
  why: 'cancelled' | 'second_payment';
}

/**
 * To the client: a payment arrived for an order that had been cancelled (or
 * had already been paid), and is being returned in full.
 */
export const orderPaidAfterCancellation = defineTemplate<PaymentAfterCancellationData>({
  subject: (data) =>
    data.why === 'cancelled'
      ? `Your payment for cancelled order ${data.orderNumber} is being refunded`
      : `Your second payment for order ${data.orderNumber} is being refunded`,
  preview: (data) => `We are returning ${formatPrice(data.amount)} to your card.`,
  reason: `You are receiving this email because you placed an order at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>We are refunding your payment, {data.name}</Title>
      {data.why === 'cancelled' ? (
        <Paragraph>
          Your payment for order {data.orderNumber} reached us after the order had been cancelled. Nothing from it will
          be shipped, so we are returning the whole amount to the card you paid with. A second email confirms the refund
          as soon as it is on its way.
        </Paragraph>
      ) : (
        <Paragraph>
          Order {data.orderNumber} was paid twice: the order had already been paid when a second payment reached us. We
          are returning the second payment in full to the card it came from; banks usually show a refund within 5 to 10
          business days.
        </Paragraph>
      )}
      <Details
        rows={[
          ['Order', data.why === 'cancelled' ? `${data.orderNumber} (cancelled)` : data.orderNumber],
          ['Being refunded', formatPrice(data.amount)],
        ]}
      />
      <OrderMailEnd ctx={ctx} orderId={data.orderId} about="this payment" reference={data.orderNumber} />
    </>
  ),
});

export interface StaffPaymentAfterCancellationData extends PaymentAfterCancellationData {
  customer: { name: string; username: string; email: string | null };
}

/** To staff: a payment arrived for a cancelled (or already paid) order; the application is refunding it by itself. */
export const staffPaymentAfterCancellation = defineTemplate<StaffPaymentAfterCancellationData>({
  subject: (data) =>
    `${data.why === 'cancelled' ? 'Payment after cancellation' : 'Second payment'}: ${data.orderNumber} — refunding ${formatPrice(data.amount)}`,
  reason: `Staff alert from the ${company.name} website.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>
        {data.why === 'cancelled' ? 'A cancelled order was paid' : 'An order was paid twice'}: {data.orderNumber}
      </Title>
      <Paragraph>
        {data.why === 'cancelled'
          ? 'The payment reached us after the order had been cancelled.'
          : 'A second payment reached us for an order that had already been paid.'}{' '}
        The full amount is being refunded automatically and the client has been told; the order's timeline shows when
        the refund is through.
      </Paragraph>
      <Details
        rows={[
          ['Client', `${data.customer.name} (${data.customer.username})`],
          ['Email', data.customer.email],
          ['Amount', formatPrice(data.amount)],
        ]}
      />
      <Action href={ctx.url(`/admin/orders/${data.orderId}`)} label="Open the order in the console" />
    </>
  ),
});
