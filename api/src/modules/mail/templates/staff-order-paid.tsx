import { company } from '@shared/site/company';
import { AddressBlock, OrderSummary, type OrderAmounts, type ShippingAddressData } from './order-lines';
import { Action, Details, Paragraph, Subtitle, Title } from './parts';
import { defineTemplate } from './template';

export interface StaffOrderPaidData extends OrderAmounts {
  orderId: string;
  orderNumber: string;
  customer: { name: string; username: string; email: string | null };
  shipping: ShippingAddressData;
}

/** To staff: an order was paid and is ready to prepare. */
export const staffOrderPaid = defineTemplate<StaffOrderPaidData>({
  subject: (data) => `New paid order ${data.orderNumber} — $${data.total}`,
  reason: `Staff alert from the ${company.name} website.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>New paid order {data.orderNumber}</Title>
      <Paragraph>The payment has been received: the order is ready to prepare and ship.</Paragraph>
      <Details
        rows={[
          ['Client', `${data.customer.name} (${data.customer.username})`],
          ['Email', data.customer.email],
          ['Order id', data.orderId],
        ]}
      />
      <OrderSummary amounts={data} />
      <Subtitle>Ship to</Subtitle>
      <AddressBlock address={data.shipping} />
      <Action href={ctx.url(`/admin/orders/${data.orderId}`)} label="Open the order in the console" />
    </>
  ),
});
