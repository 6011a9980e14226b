import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { fromCents, MAX_CHARGE_CENTS, orderTotals, toCents } from '@shared/money';
import {
  formatOrderNumber,
  ORDER_STATUS_LABELS,
  type CheckoutRequest,
  type CheckoutResponse,
  type OrderDetails,
} from '@shared/schemas/orders';
import { BadRequest, Conflict, NotFound } from '../../errors';
import type { Logger } from '../../logger';
import { Product } from '../catalog/product.model';
import type { PaymentProvider } from '../payments/payment-provider';
import { providerUnavailable } from '../payments/provider-errors';
import type { User } from '../users/user.model';
import { findInvoice, invoicePdf } from './invoices';
import { publish } from '../../live/publish';
import { recordOrderEvent } from './order-events';
import { toOrderDetails, toOrderSummary } from './order-format';
import { orderRefunds } from './refunds';
import { OrderItem } from './order-item.model';
import { Order, shippingColumnsOf } from './order.model';

/** Stripe refuses charges under $0.50. */
const MIN_CHARGE_CENTS = 50;
const LIST_LIMIT = 100;

interface PricedLine {
  productId: string;
  productName: string;
  quantity: number;
  price: string;
}

/** The cart priced from the database: unknown or out-of-stock products are refused. */
async function priceCart(trx: Knex.Transaction, items: CheckoutRequest['items']): Promise<PricedLine[]> {
  const products = await Product.query(trx).whereIn(
    'id',
    items.map((item) => item.id),
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.map((item) => {
    const product = byId.get(item.id);
    if (!product || product.archivedAt)
      throw new BadRequest('A product in your cart is no longer available. Please remove it and try again.');
    if (!product.inStock) throw new BadRequest(`${product.name} is out of stock. Please remove it from your cart.`);
    return { productId: product.id, productName: product.name, quantity: item.quantity, price: product.price };
  });
}

/** Orders that still wait for their payment: a retried attempt may reuse them, and their owner may cancel them. */
const UNPAID = new Set(['pending', 'payment_failed']);

/**
 * The shop's checkout: prices the cart on the server, writes the order and
 * its lines in one transaction (status pending), then asks the provider for a
 * payment of exactly that total. Nothing the client says about prices counts.
 * With an attempt key, one checkout attempt makes at most one order: the same
 * key again (a double click, an answer that never arrived, shipping edited)
 * updates that attempt's pending order — lines, prices, shipping — and starts
 * a new payment for it (decision 102). If the provider fails, a new order is
 * removed again: no half order remains.
 */
export async function createCheckoutOrder(
  { db, provider, logger }: { db: Knex; provider: PaymentProvider; logger: Logger },
  user: User,
  request: CheckoutRequest,
): Promise<CheckoutResponse> {
  const { order, items, totalCents, reused } = await db.transaction(async (trx) => {
    const lines = await priceCart(trx, request.items);
    const totals = orderTotals(lines);
    if (totals.totalCents > MAX_CHARGE_CENTS) {
      throw new BadRequest('Orders over $999,999.99 cannot be paid online. Please contact our sales team.');
    }
    if (totals.totalCents < MIN_CHARGE_CENTS) throw new BadRequest('Orders must total at least $0.50.');
    const { shipping } = request;
    const fields = {
      status: 'pending' as const,
      subtotalAmount: fromCents(totals.subtotalCents),
      taxAmount: fromCents(totals.taxCents),
      totalAmount: fromCents(totals.totalCents),
      currency: 'usd',
      paymentProvider: provider.name,
      ...shippingColumnsOf(shipping),
    };
    let existing: Order | undefined;
    if (request.attemptKey) {
      // Two requests of one attempt at once: the second waits here for the first to commit, then reuses its order.
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `checkout:${user.id}:${request.attemptKey}`,
      ]);
      existing = await Order.query(trx)
        .forUpdate()
        .findOne({ userId: user.id, checkoutAttemptKey: request.attemptKey });
    }
    if (existing && !UNPAID.has(existing.status)) {
      throw new Conflict(
        `This checkout already made order ${formatOrderNumber(existing.number)}, which is ${ORDER_STATUS_LABELS[existing.status].toLowerCase()}. Please start a new checkout.`,
      );
    }
    const saved = existing
      ? await Order.query(trx).patchAndFetchById(existing.id, { ...fields, providerPaymentId: null })
      : await Order.query(trx)
          .insert({ ...fields, userId: user.id, checkoutAttemptKey: request.attemptKey ?? null })
          .returning('*');
    if (existing) await OrderItem.query(trx).delete().where({ orderId: existing.id });
    const orderItems = await OrderItem.query(trx)
      .insert(lines.map((line) => ({ ...line, orderId: saved.id })))
      .returning('*');
    await recordOrderEvent(trx, {
      orderId: saved.id,
      type: existing ? 'checkout_updated' : 'placed',
      actorId: user.id,
      data: { total: saved.totalAmount },
    });
    return { order: saved, items: orderItems, totalCents: totals.totalCents, reused: Boolean(existing) };
  });

  let payment;
  try {
    payment = await startPayment(provider, order, user, totalCents, reused);
  } catch (err) {
    if (!reused) await Order.query(db).deleteById(order.id);
    throw providerUnavailable(err, logger);
  }
  await Order.query(db).patch({ providerPaymentId: payment.id }).where({ id: order.id });
  return { clientSecret: payment.clientSecret, order: toOrderDetails(order, items) };
}

/**
 * A new payment of the order's total. The order's first payment has the key
 * `order-<id>`; a later one (a retried attempt, Pay now) replaces the order's
 * previous payment and gets a key of its own.
 */
function startPayment(provider: PaymentProvider, order: Order, user: User, totalCents: number, again: boolean) {
  return provider.createPayment({
    amountCents: totalCents,
    currency: 'usd',
    description: `Northstar IT order ${formatOrderNumber(order.number)}`,
    metadata: { purpose: 'order', order_id: order.id, user_id: user.id },
    idempotencyKey: again ? `order-${order.id}-${randomUUID()}` : `order-${order.id}`,
    userId: user.id,
    receiptEmail: user.email,
  });
}

/**
 * Pay now, on a pending order's page: a new payment for the order as it is
 * (its prices were fixed when it was placed). Only the owner's unpaid order.
 */
export async function startOrderPayment(
  { db, provider, logger }: { db: Knex; provider: PaymentProvider; logger: Logger },
  user: User,
  orderId: string,
): Promise<CheckoutResponse> {
  const order = await Order.query(db).findOne({ id: orderId, userId: user.id });
  if (!order) throw new NotFound('Order not found');
  if (!UNPAID.has(order.status)) {
    throw new Conflict(`This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it cannot be paid now.`);
  }
  if (order.paymentProvider !== provider.name) {
    throw new Conflict('This order was started with another payment system. Please check out again.');
  }
  let payment;
  try {
    payment = await startPayment(provider, order, user, toCents(order.totalAmount), true);
  } catch (err) {
    throw providerUnavailable(err, logger);
  }
  const items = await db.transaction(async (trx) => {
    const locked = await Order.query(trx).forUpdate().findById(order.id);
    if (!locked || !UNPAID.has(locked.status)) throw new Conflict('This order can no longer be paid.');
    await Order.query(trx).patch({ providerPaymentId: payment.id, status: 'pending' }).where({ id: order.id });
    await recordOrderEvent(trx, { orderId: order.id, type: 'payment_started', actorId: user.id });
    return OrderItem.query(trx).where({ orderId: order.id }).orderBy('productName');
  });
  return { clientSecret: payment.clientSecret, order: toOrderDetails({ ...order, status: 'pending' } as Order, items) };
}

/** The owner cancels an order that is still waiting for payment. */
export async function cancelOwnOrder(db: Knex, user: User, orderId: string): Promise<OrderDetails> {
  return db.transaction(async (trx) => {
    const order = await Order.query(trx).forUpdate().findOne({ id: orderId, userId: user.id });
    if (!order) throw new NotFound('Order not found');
    if (!UNPAID.has(order.status)) {
      throw new Conflict(
        `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it can no longer be cancelled here.`,
      );
    }
    const cancelled = await Order.query(trx).patchAndFetchById(order.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'status_changed',
      actorId: user.id,
      data: { from: order.status, to: 'cancelled' },
    });
    await publish(trx, 'staff', { kind: 'order.updated', id: order.id });
    const items = await OrderItem.query(trx).where({ orderId: order.id }).orderBy('productName');
    return toOrderDetails(cancelled, items);
  });
}

/** The caller's orders, newest first. */
export async function listOrders(db: Knex, userId: string) {
  const orders = await Order.query(db)
    .select(
      'orders.*',
      OrderItem.query(db).whereColumn('order_items.order_id', 'orders.id').sum('quantity').as('itemCount'),
    )
    .where('orders.userId', userId)
    .orderBy('orders.createdAt', 'desc')
    .limit(LIST_LIMIT);
  return orders.map(toOrderSummary);
}

/** One of the caller's orders with its lines; anyone else's is "not found". */
export async function getOrder(db: Knex, userId: string, orderId: string): Promise<OrderDetails> {
  const order = await Order.query(db).findOne({ id: orderId, userId });
  if (!order) throw new NotFound('Order not found');
  const [items, invoice, refunds] = await Promise.all([
    OrderItem.query(db).where({ orderId }).orderBy('productName'),
    findInvoice(db, orderId),
    orderRefunds(db, order),
  ]);
  return {
    ...toOrderDetails(order, items),
    invoiceNumber: invoice?.number ?? null,
    refunds: refunds.refunds,
    refundedAmount: refunds.refundedAmount,
  };
}

/**
 * The invoice PDF of an order, for its owner or staff who may read orders; anyone else's order is
 * "not found", and an order without an invoice (not paid) is a 409 saying so.
 */
export async function orderInvoicePdf(
  db: Knex,
  user: Pick<User, 'id' | 'may'>,
  orderId: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const order = await Order.query(db).findById(orderId);
  if (!order || (order.userId !== user.id && !user.may('orders.read'))) return undefined;
  const file = await invoicePdf(db, orderId);
  if (!file) throw new Conflict('This order has no invoice yet: an invoice is issued when the order is paid.');
  return file;
}
