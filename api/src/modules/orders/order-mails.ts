import type { Knex } from 'knex';
import { TAX_RATE_LABEL } from '@shared/money';
import { orderNumber } from '@shared/schemas/orders';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import { User } from '../users/user.model';
import { invoiceFilename } from './invoice-pdf';
import { findInvoice } from './invoices';
import { toOrderDetails } from './order-format';
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
    lines: details.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unitPrice: item.price,
      lineTotal: item.lineTotal,
    })),
    subtotal: details.subtotalAmount,
    tax: details.taxAmount,
    taxLabel: `State Tax (${TAX_RATE_LABEL})`,
    total: details.totalAmount,
  };
  const number = orderNumber(order.id);
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
      ...(invoice
        ? {
            attachments: [
              {
                filename: invoiceFilename(invoice.number),
                contentType: 'application/pdf',
                source: `invoice:${order.id}`,
              },
            ],
          }
        : {}),
    });
  }
  await enqueueStaffAlert(trx, mail, {
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
