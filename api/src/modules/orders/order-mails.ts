import type { Knex } from 'knex';
import { fromCents, TAX_RATE_LABEL, toCents } from '@shared/money';
import { orderNumber } from '@shared/schemas/orders';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';

/**
 * The mails of a paid order, in the transaction that marked it paid: the
 * receipt to the buyer (when their account has an email) and the alert to
 * staff. Written once per order whatever redelivers the payment.
 */
export async function queueOrderPaidMails(
  trx: Knex.Transaction,
  orderId: string,
  mail: StaffAlertSettings,
): Promise<void> {
  const order = await trx('orders as o').join('users as u', 'u.id', 'o.userId').where('o.id', orderId).first<{
    id: string;
    subtotalAmount: string;
    taxAmount: string;
    totalAmount: string;
    paidAt: Date | null;
    shippingFullName: string;
    shippingAddress: string;
    shippingCity: string;
    shippingState: string;
    shippingZipCode: string;
    shippingCountry: string;
    username: string;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
  }>('o.id', 'o.subtotalAmount', 'o.taxAmount', 'o.totalAmount', 'o.paidAt', 'o.shippingFullName', 'o.shippingAddress', 'o.shippingCity', 'o.shippingState', 'o.shippingZipCode', 'o.shippingCountry', 'u.username', 'u.email', 'u.firstName', 'u.lastName');
  if (!order) return;
  const items = await trx('order_items')
    .where({ orderId })
    .orderBy('productName')
    .select<{ productName: string; quantity: number; price: string }[]>('productName', 'quantity', 'price');
  const amounts = {
    lines: items.map((item) => ({
      name: item.productName,
      quantity: item.quantity,
      unitPrice: item.price,
      lineTotal: fromCents(toCents(item.price) * item.quantity),
    })),
    subtotal: order.subtotalAmount,
    tax: order.taxAmount,
    taxLabel: `State Tax (${TAX_RATE_LABEL})`,
    total: order.totalAmount,
  };
  const shipping = {
    fullName: order.shippingFullName,
    address: order.shippingAddress,
    city: order.shippingCity,
    state: order.shippingState,
    zipCode: order.shippingZipCode,
    country: order.shippingCountry,
  };
  const number = orderNumber(order.id);
  if (order.email) {
    await enqueueMail(trx, {
      template: 'order-receipt',
      to: order.email,
      data: {
        ...amounts,
        name: order.firstName || order.username,
        orderId: order.id,
        orderNumber: number,
        paidAt: new Date(order.paidAt ?? Date.now()).toISOString(),
        shipping,
      },
      idempotencyKey: `order-receipt:${order.id}`,
    });
  }
  await enqueueStaffAlert(trx, mail, {
    template: 'staff-order-paid',
    data: {
      ...amounts,
      orderId: order.id,
      orderNumber: number,
      customer: {
        name: [order.firstName, order.lastName].filter(Boolean).join(' ') || order.username,
        username: order.username,
        email: order.email,
      },
      shipping,
    },
    idempotencyKey: `staff-order-paid:${order.id}`,
    ...(order.email ? { replyTo: order.email } : {}),
  });
}
