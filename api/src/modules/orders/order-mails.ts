import type { Knex } from 'knex';
import { TAX_RATE_LABEL } from '@shared/money';
import { formatOrderNumber } from '@shared/schemas/orders';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import type { MailData, MailTemplateName } from '../mail/templates';
import { recordOrderEvent } from './order-events';
import { User } from '../users/user.model';
import { invoiceAttachment } from '../billing/billing.service';
import { findInvoice } from './invoices';
import { toOrderDetails, toOrderLines, toShippingAddress } from './order-format';
import { OrderItem } from './order-item.model';
import { Order } from './order.model';

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
  const order = await Order.query(trx).findById(orderId);
  if (!order) return;
  const [items, buyer] = await Promise.all([
    OrderItem.query(trx).where({ orderId }).orderBy('productName'),
    User.query(trx).findById(order.userId),
  ]);
  if (!buyer) return;
  const details = toOrderDetails(order, items);
  const amounts = {
    lines: toOrderLines(details),
    subtotal: details.subtotalAmount,
    tax: details.taxAmount,
    taxLabel: `State Tax (${TAX_RATE_LABEL})`,
    total: details.totalAmount,
  };
  const number = formatOrderNumber(order.number);
  if (buyer.email) {
    const invoice = await findInvoice(trx, order.id);
    await enqueueMail(trx, {
      template: 'order-receipt',
      to: buyer.email,
      data: {
        ...amounts,
        name: buyer.firstName || buyer.username,
        orderId: order.id,
        orderNumber: number,
        paidAt: details.paidAt ?? new Date().toISOString(),
        shipping: details.shipping,
        ...(invoice ? { invoiceNumber: invoice.number } : {}),
      },
      idempotencyKey: `order-receipt:${order.id}`,
      ...(invoice ? { attachments: [invoiceAttachment(invoice)] } : {}),
    });
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'email_queued',
      data: { template: 'order-receipt', to: buyer.email },
    });
  }
  await enqueueStaffAlert(trx, mail, 'orders.fulfil', {
    template: 'staff-order-paid',
    data: {
      ...amounts,
      orderId: order.id,
      orderNumber: number,
      customer: { name: buyer.displayName, username: buyer.username, email: buyer.email },
      shipping: details.shipping,
    },
    idempotencyKey: `staff-order-paid:${order.id}`,
    ...(buyer.email ? { replyTo: buyer.email } : {}),
  });
}

/**
 * A mail to the order's buyer, when their account has an email, and its line
 * on the order's timeline; once per order and template (or per `key`, for a
 * mail an order may get more than once).
 */
export async function mailBuyer<Name extends MailTemplateName>(
  trx: Knex.Transaction,
  order: Order,
  template: Name,
  data: (buyer: User) => MailData<Name>,
  key: string = order.id,
): Promise<void> {
  const buyer = await User.query(trx).findById(order.userId);
  if (!buyer?.email) return;
  await enqueueMail(trx, { template, to: buyer.email, data: data(buyer), idempotencyKey: `${template}:${key}` });
  await recordOrderEvent(trx, { orderId: order.id, type: 'email_queued', data: { template, to: buyer.email } });
}

/** The client's "shipped" mail, in the transaction that marked the order shipped. */
export function queueOrderShippedMail(trx: Knex.Transaction, order: Order): Promise<void> {
  return mailBuyer(trx, order, 'order-shipped', (buyer) => ({
    name: buyer.firstName || buyer.username,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    shipping: toShippingAddress(order),
  }));
}

/**
 * The client's "cancelled" mail, in the transaction that cancelled a paid
 * order. An unpaid checkout cancelled by staff (abandoned) sends nothing: the
 * client never placed it.
 */
export async function queueOrderCancelledMail(trx: Knex.Transaction, order: Order): Promise<void> {
  if (!order.paidAt) return;
  await mailBuyer(trx, order, 'order-cancelled', (buyer) => ({
    name: buyer.firstName || buyer.username,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    total: order.totalAmount,
  }));
}
