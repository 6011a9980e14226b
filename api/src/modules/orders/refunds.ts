import type { Knex } from 'knex';
import { formatCents, fromCents, taxCents, toCents } from '@shared/money';
import { formatOrderNumber } from '@shared/schemas/orders';
import type { OrderRefunds, Refund, RefundLine, RefundRequest, RefundStatus } from '@shared/schemas/refunds';
import { uuid } from '@shared/schemas/text';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import type { Logger } from '../../logger';
import { enqueueMail } from '../mail/outbox';
import { RefundRefused, type PaymentProvider } from '../payments/payment-provider';
import { User } from '../users/user.model';
import { recordOrderEvent } from './order-events';
import { OrderItem } from './order-item.model';
import { Order } from './order.model';

/** A row of `refunds` (camelCase through knexSnakeCaseMappers). */
interface RefundRow {
  id: string;
  orderId: string;
  provider: 'stripe' | 'demo';
  providerRefundId: string | null;
  amount: string;
  status: RefundStatus;
  items: RefundLine[] | null;
  requestedBy: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
}

/** Refunds that hold money: done, or asked and not answered yet. */
const HOLDING: readonly RefundStatus[] = ['pending', 'succeeded'];

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: row.amount,
    status: row.status,
    provider: row.provider,
    items: row.items,
    failureReason: row.failureReason,
    createdAt: new Date(row.createdAt).toISOString(),
    succeededAt: iso(row.succeededAt),
  };
}

function summarize(order: Order, rows: RefundRow[]): OrderRefunds {
  const cents = (statuses: readonly RefundStatus[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + toCents(row.amount), 0);
  const refundedQuantities: Record<string, number> = {};
  for (const row of rows) {
    if (!HOLDING.includes(row.status)) continue;
    for (const line of row.items ?? []) {
      refundedQuantities[line.orderItemId] = (refundedQuantities[line.orderItemId] ?? 0) + line.quantity;
    }
  }
  return {
    refunds: rows.map(toRefund),
    refundedAmount: fromCents(cents(['succeeded'])),
    refundableAmount: fromCents(Math.max(0, toCents(order.totalAmount) - cents(HOLDING))),
    refundedQuantities,
  };
}

async function refundRows(db: Knex | Knex.Transaction, orderId: string): Promise<RefundRow[]> {
  return db('refunds')
    .where({ orderId })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
}

/** An order's refunds and what can still be refunded (the order must exist). */
export async function orderRefunds(db: Knex | Knex.Transaction, order: Order): Promise<OrderRefunds> {
  return summarize(order, await refundRows(db, order.id));
}

/** Staff: an order's refunds, by id. */
export async function findOrderRefunds(db: Knex, orderId: string): Promise<OrderRefunds> {
  const order = uuid.safeParse(orderId).success ? await Order.query(db).findById(orderId) : undefined;
  if (!order) throw new NotFound('Order not found');
  return orderRefunds(db, order);
}

/** The amount of the asked lines, with their share of the tax, or a 400 naming the line that cannot be refunded. */
function amountOfLines(
  request: NonNullable<RefundRequest['items']>,
  items: OrderItem[],
  refunded: Record<string, number>,
): number {
  const byId = new Map(items.map((item) => [item.id, item]));
  let subtotal = 0;
  request.forEach((line, index) => {
    const item = byId.get(line.orderItemId);
    if (!item) throw new BadRequest(`items.${index}.orderItemId: not a line of this order`);
    const left = item.quantity - (refunded[item.id] ?? 0);
    if (line.quantity > left) {
      throw new BadRequest(
        `items.${index}.quantity: ${left === 0 ? 'every' : `only ${left} more`} ${item.productName} ${
          left === 0 ? 'on this line was already refunded' : 'can be refunded'
        }`,
      );
    }
    subtotal += toCents(item.price) * line.quantity;
  });
  return subtotal + taxCents(subtotal);
}

/**
 * What a refund that has gone through does, once, in the caller's
 * transaction (the order row locked): the client's email and, when nothing
 * is left, the order's status `refunded`.
 */
async function refundSucceeded(trx: Knex.Transaction, order: Order, refund: RefundRow): Promise<void> {
  const rows = await refundRows(trx, order.id);
  const summary = summarize(order, rows);
  const full = toCents(summary.refundedAmount) >= toCents(order.totalAmount);
  await recordOrderEvent(trx, {
    orderId: order.id,
    type: 'refunded',
    data: { amount: refund.amount, refundedTotal: summary.refundedAmount, full },
  });
  if (full && order.status !== 'refunded') {
    await Order.query(trx).patch({ status: 'refunded' }).where({ id: order.id });
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'status_changed',
      data: { from: order.status, to: 'refunded' },
    });
  }
  const buyer = await User.query(trx).findById(order.userId);
  if (!buyer?.email) return;
  const items = refund.items?.length ? await OrderItem.query(trx).where({ orderId: order.id }) : [];
  const names = new Map(items.map((item) => [item.id, item.productName]));
  const queued = await enqueueMail(trx, {
    template: 'order-refund',
    to: buyer.email,
    data: {
      name: buyer.firstName || buyer.username,
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      amount: refund.amount,
      refundedTotal: summary.refundedAmount,
      orderTotal: order.totalAmount,
      full,
      lines: (refund.items ?? []).map((line) => `${line.quantity} × ${names.get(line.orderItemId) ?? 'item'}`),
    },
    idempotencyKey: `order-refund:${refund.id}`,
  });
  if (queued > 0) {
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'email_queued',
      data: { template: 'order-refund', to: buyer.email },
    });
  }
}

/** A refund's new status from its provider; `succeeded` once takes effect. Never back to pending. */
async function settleRefund(
  trx: Knex.Transaction,
  order: Order,
  refund: RefundRow,
  status: RefundStatus,
  failureReason: string | null,
): Promise<RefundRow> {
  if (status === refund.status || status === 'pending') return refund;
  const [updated] = await trx('refunds')
    .where({ id: refund.id })
    .update({
      status,
      failureReason: status === 'succeeded' ? null : failureReason,
      updatedAt: trx.fn.now(),
      ...(status === 'succeeded' && !refund.succeededAt ? { succeededAt: trx.fn.now() } : {}),
    })
    .returning<RefundRow[]>('*');
  if (status === 'succeeded' && !refund.succeededAt) await refundSucceeded(trx, order, updated!);
  if (status === 'failed' || status === 'canceled') {
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: status === 'failed' ? 'refund_failed' : 'refund_canceled',
      data: { amount: refund.amount, reason: failureReason },
    });
  }
  return updated!;
}

export interface RefundDeps {
  db: Knex;
  provider: PaymentProvider;
  logger: Logger;
}

/**
 * Staff refund (part of) a paid order. In one transaction with the order row
 * locked: what can still be refunded is worked out (paid, less refunds done or
 * pending), the request checked against it, and the refund written as
 * pending, so two staff members refunding at once cannot together refund
 * more than was paid. Then the provider is asked, with the refund's id as the
 * idempotency key. The demo provider's answer settles it at once; Stripe's
 * refund webhooks settle it (they may even arrive before its answer does).
 */
export async function createRefund(
  { db, provider, logger }: RefundDeps,
  staffId: string,
  orderId: string,
  request: RefundRequest,
): Promise<{ refund: Refund } & OrderRefunds> {
  if (!uuid.safeParse(orderId).success) throw new NotFound('Order not found');
  const { order, refund } = await db.transaction(async (trx) => {
    const order = await Order.query(trx).findById(orderId).forUpdate();
    if (!order) throw new NotFound('Order not found');
    if (!order.paidAt || !order.stripePaymentId) {
      throw new Conflict(`This order is ${order.status.replace('_', ' ')}: only paid orders can be refunded.`);
    }
    if (order.paymentProvider !== provider.name) {
      throw new Conflict(`This order was paid through ${order.paymentProvider}, which this server does not use now.`);
    }
    const [items, rows] = await Promise.all([OrderItem.query(trx).where({ orderId }), refundRows(trx, orderId)]);
    const summary = summarize(order, rows);
    const refundable = toCents(summary.refundableAmount);
    if (refundable === 0) throw new Conflict('This order has nothing left to refund.');
    let amount: number;
    if (request.items) {
      // Lines with their tax; the last lines' rounding never takes it over what was paid.
      amount = Math.min(amountOfLines(request.items, items, summary.refundedQuantities), refundable);
    } else {
      amount = toCents(request.amount!);
      if (amount === 0) throw new BadRequest('amount: must be more than $0.00');
      if (amount > refundable) {
        throw new BadRequest(`amount: at most ${formatCents(refundable)} of this order can still be refunded`);
      }
    }
    const [refund] = await trx('refunds')
      .insert({
        orderId,
        provider: order.paymentProvider,
        amount: fromCents(amount),
        status: 'pending',
        items: request.items ? JSON.stringify(request.items) : null,
        requestedBy: staffId,
      })
      .returning<RefundRow[]>('*');
    await recordOrderEvent(trx, {
      orderId,
      type: 'refund_requested',
      actorId: staffId,
      data: { amount: fromCents(amount), ...(request.items ? { items: request.items } : {}) },
    });
    return { order, refund: refund! };
  });

  let answer;
  try {
    answer = await provider.refund({
      paymentId: order.stripePaymentId!,
      amountCents: toCents(refund.amount),
      metadata: { purpose: 'order', order_id: order.id, refund_id: refund.id },
      idempotencyKey: `refund-${refund.id}`,
    });
  } catch (err) {
    const refused = err instanceof RefundRefused;
    if (!refused) logger.error({ err, refundId: refund.id }, 'payment provider failed to create a refund');
    // Nothing was refunded (a refund the provider did make after all reaches us by its webhook, with our id).
    await db('refunds')
      .where({ id: refund.id, status: 'pending', providerRefundId: null })
      .update({
        status: 'failed',
        failureReason: refused ? err.message : 'The payment provider could not be reached.',
        updatedAt: db.fn.now(),
      });
    await recordOrderEvent(db, {
      orderId: order.id,
      type: 'refund_failed',
      data: { amount: refund.amount, reason: refused ? err.message : 'The payment provider could not be reached.' },
    });
    if (refused) throw new Conflict(`The payment provider refused the refund: ${err.message}`);
    throw new HttpError(
      502,
      'The payment provider is unavailable. Nothing was refunded; please try again in a moment.',
    );
  }

  const settled = await db.transaction(async (trx) => {
    const locked = await Order.query(trx).findById(order.id).forUpdate();
    const row = (await trx('refunds').where({ id: refund.id }).first()) as RefundRow;
    if (!row.providerRefundId) {
      await trx('refunds').where({ id: refund.id }).update({ providerRefundId: answer.id, updatedAt: trx.fn.now() });
      row.providerRefundId = answer.id;
    }
    // Stripe's webhooks decide; the demo provider has no others.
    return provider.name === 'demo' ? settleRefund(trx, locked!, row, answer.status, null) : row;
  });
  return { refund: toRefund(settled), ...(await orderRefunds(db, (await Order.query(db).findById(order.id))!)) };
}

/** A refund as the provider reports it (Stripe's refund and charge events). */
export interface RefundReport {
  provider: 'stripe';
  providerRefundId: string;
  paymentId: string | null;
  amountCents: number;
  status: RefundStatus;
  metadata: Record<string, string>;
  failureReason: string | null;
}

/**
 * Applies a provider's word on a refund, inside the webhook's transaction.
 * Idempotent: the refund is found by our id (its metadata) or the provider's,
 * so a report arriving twice, or before the API call that made the refund has
 * its answer, records it once. A refund made at the provider (Stripe's
 * dashboard) is recorded too, without a staff member.
 */
export async function applyRefundReport(trx: Knex.Transaction, report: RefundReport, logger: Logger): Promise<void> {
  const context = { refundId: report.providerRefundId, paymentId: report.paymentId };
  const orderId = report.metadata.order_id;
  const query = Order.query(trx).forUpdate();
  const order = uuid.safeParse(orderId).success
    ? await query.findById(orderId!)
    : report.paymentId
      ? await query.findOne({ stripePaymentId: report.paymentId })
      : undefined;
  if (!order || order.paymentProvider !== report.provider) {
    logger.warn(context, 'refund of an unknown order ignored');
    return;
  }
  const ourId = report.metadata.refund_id;
  let row: RefundRow | undefined =
    ourId && uuid.safeParse(ourId).success
      ? await trx('refunds').where({ id: ourId, orderId: order.id }).forUpdate().first()
      : undefined;
  row ??= await trx('refunds')
    .where({ provider: report.provider, providerRefundId: report.providerRefundId })
    .forUpdate()
    .first();
  if (!row) {
    logger.info(context, 'refund made at the provider recorded');
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'refund_requested',
      data: { amount: fromCents(report.amountCents), at: 'the payment provider' },
    });
    [row] = await trx('refunds')
      .insert({
        orderId: order.id,
        provider: report.provider,
        providerRefundId: report.providerRefundId,
        amount: fromCents(report.amountCents),
        status: 'pending',
      })
      .returning<RefundRow[]>('*');
  } else if (!row.providerRefundId) {
    await trx('refunds').where({ id: row.id }).update({ providerRefundId: report.providerRefundId });
    row.providerRefundId = report.providerRefundId;
  }
  await settleRefund(trx, order, row!, report.status, report.failureReason);
}
