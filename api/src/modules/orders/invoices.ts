import type { Knex } from 'knex';
import { formatOrderNumber } from '@shared/schemas/orders';
import type { BillingContent } from '../billing/billing-pdf';
import { findInvoiceOf, issueInvoice as issueChargeInvoice, renderInvoice, type InvoiceRow } from '../billing/invoices';
import { User } from '../users/user.model';
import { OrderItem } from './order-item.model';
import { toOrderDetails, toOrderLines } from './order-format';
import { Order } from './order.model';

export type { InvoiceRow };

/** What the invoice of an order shows, read from the order as it is paid. */
async function orderInvoiceContent(trx: Knex.Transaction, order: Order): Promise<BillingContent> {
  const [items, buyer] = await Promise.all([
    OrderItem.query(trx).where({ orderId: order.id }).orderBy('productName'),
    User.query(trx).findById(order.userId),
  ]);
  const details = toOrderDetails(order, items);
  const number = formatOrderNumber(order.number);
  return {
    reference: { label: 'Order', value: number },
    description: `Order ${number}`,
    customer: { name: buyer?.displayName ?? order.shippingFullName, email: buyer?.email ?? null },
    shipping: details.shipping,
    lines: toOrderLines(details),
    subtotal: details.subtotalAmount,
    tax: details.taxAmount,
    total: details.totalAmount,
    payment: order.paymentProvider ? { provider: order.paymentProvider, id: order.providerPaymentId } : null,
  };
}

/**
 * Issues the order's invoice inside the transaction that marks it paid (after
 * its row is updated with the payment), or returns the one it has. The
 * caller holds the order's row lock.
 */
export async function issueInvoice(trx: Knex.Transaction, orderId: string, issuedAt: Date): Promise<InvoiceRow> {
  const existing = await findInvoice(trx, orderId);
  if (existing) return existing;
  const order = await Order.query(trx).findById(orderId);
  if (!order) throw new Error(`issueInvoice: no order ${orderId}`);
  const content = await orderInvoiceContent(trx, order);
  return issueChargeInvoice(trx, {
    source: 'order',
    sourceId: order.id,
    orderId: order.id,
    userId: order.userId,
    issuedAt,
    content,
  });
}

/** The order's invoice, or undefined while it has none (not paid). */
export async function findInvoice(db: Knex | Knex.Transaction, orderId: string): Promise<InvoiceRow | undefined> {
  return findInvoiceOf(db, 'order', orderId);
}

/** The invoice PDF of an order, or undefined while it has no invoice. */
export async function invoicePdf(
  db: Knex | Knex.Transaction,
  orderId: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const invoice = await findInvoice(db, orderId);
  if (!invoice) return undefined;
  return { number: invoice.number, pdf: await renderInvoice(invoice) };
}
