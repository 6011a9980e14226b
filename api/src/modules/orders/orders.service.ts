import type { Knex } from 'knex';
import { fromCents, MAX_CHARGE_CENTS, orderTotals } from '@shared/money';
import { orderNumber, type CheckoutRequest, type CheckoutResponse, type OrderDetails } from '@shared/schemas/orders';
import { BadRequest, Conflict, NotFound } from '../../errors';
import type { Logger } from '../../logger';
import { Product } from '../catalog/product.model';
import type { PaymentProvider } from '../payments/payment-provider';
import { providerUnavailable } from '../payments/provider-errors';
import type { User } from '../users/user.model';
import { findInvoice, invoicePdf } from './invoices';
import { toOrderDetails, toOrderSummary } from './order-format';
import { orderRefunds } from './refunds';
import { OrderItem } from './order-item.model';
import { Order } from './order.model';

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

/**
 * The shop's checkout: prices the cart on the server, writes the order and
 * its lines in one transaction (status pending), then asks the provider for a
 * payment of exactly that total. Nothing the client says about prices counts.
 * If the provider fails, the order is removed again: no half order remains.
 */
export async function createCheckoutOrder(
  { db, provider, logger }: { db: Knex; provider: PaymentProvider; logger: Logger },
  user: User,
  request: CheckoutRequest,
): Promise<CheckoutResponse> {
  const { order, items, totalCents } = await db.transaction(async (trx) => {
    const lines = await priceCart(trx, request.items);
    const totals = orderTotals(lines);
    if (totals.totalCents > MAX_CHARGE_CENTS) {
      throw new BadRequest('Orders over $999,999.99 cannot be paid online. Please contact our sales team.');
    }
    if (totals.totalCents < MIN_CHARGE_CENTS) throw new BadRequest('Orders must total at least $0.50.');
    const { shipping } = request;
    const created = await Order.query(trx)
      .insert({
        userId: user.id,
        status: 'pending',
        subtotalAmount: fromCents(totals.subtotalCents),
        taxAmount: fromCents(totals.taxCents),
        totalAmount: fromCents(totals.totalCents),
        currency: 'usd',
        paymentProvider: provider.name,
        shippingFullName: shipping.fullName,
        shippingAddress: shipping.address,
        shippingCity: shipping.city,
        shippingState: shipping.state,
        shippingZipCode: shipping.zipCode,
        shippingCountry: shipping.country,
      })
      .returning('*');
    const orderItems = await OrderItem.query(trx)
      .insert(lines.map((line) => ({ ...line, orderId: created.id })))
      .returning('*');
    return { order: created, items: orderItems, totalCents: totals.totalCents };
  });

  let payment;
  try {
    payment = await provider.createPayment({
      amountCents: totalCents,
      currency: 'usd',
      description: `Northstar IT order ${orderNumber(order.id)}`,
      metadata: { purpose: 'order', order_id: order.id, user_id: user.id },
      idempotencyKey: `order-${order.id}`,
      userId: user.id,
      receiptEmail: user.email,
    });
  } catch (err) {
    await Order.query(db).deleteById(order.id);
    throw providerUnavailable(err, logger);
  }
  await Order.query(db).patch({ stripePaymentId: payment.id }).where({ id: order.id });
  return { clientSecret: payment.clientSecret, order: toOrderDetails(order, items) };
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
 * The invoice PDF of an order, for its owner or staff; anyone else's order is
 * "not found", and an order without an invoice (not paid) is a 409 saying so.
 */
export async function orderInvoicePdf(
  db: Knex,
  user: Pick<User, 'id' | 'isStaff'>,
  orderId: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const order = await Order.query(db).findById(orderId);
  if (!order || (order.userId !== user.id && !user.isStaff)) return undefined;
  const file = await invoicePdf(db, orderId);
  if (!file) throw new Conflict('This order has no invoice yet: an invoice is issued when the order is paid.');
  return file;
}
