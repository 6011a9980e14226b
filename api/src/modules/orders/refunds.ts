import type { Knex } from 'knex';
import { formatCents, fromCents, taxCents, toCents } from '@shared/money';
import { formatOrderNumber } from '@shared/schemas/orders';
import type { OrderRefunds, Refund, RefundLine, RefundRequest, RefundStatus } from '@shared/schemas/refunds';
import { uuid } from '@shared/schemas/text';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import type { Logger } from '../../logger';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { creditNoteAttachment } from '../billing/billing.service';
import { issueCreditNote, type CreditNoteRow } from '../billing/credit-notes';
import { enqueueMail } from '../mail/outbox';
import { RefundRefused, type PaymentProvider } from '../payments/payment-provider';
import { User } from '../users/user.model';
import { findInvoice } from './invoices';
import { recordOrderEvent } from './order-events';
import { OrderItem } from './order-item.model';
import { Order } from './order.model';
import { toIso } from '../../db/instants';

/** A row of `refunds` (camelCase through knexSnakeCaseMappers). */
export interface RefundRow {
  id: string;
  orderId: string;
  provider: 'stripe' | 'demo';
  providerRefundId: string | null;
  amount: string;
  status: RefundStatus;
  items: RefundLine[] | null;
  requestedBy: string | null;
  failureReason: string | null;
  reason: string | null;
  /** The payment refunded when it is not the order's own (a second payment of a paid order); null otherwise. */
  paymentId: string | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
}

/** Refunds that hold money: done, or asked and not answered yet. */
const HOLDING: readonly RefundStatus[] = ['pending', 'succeeded'];

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: row.amount,
    status: row.status,
    provider: row.provider,
    items: row.items,
    failureReason: row.failureReason,
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    succeededAt: toIso(row.succeededAt),
  };
}

function summarize(order: Order, allRows: RefundRow[]): OrderRefunds {
  // A second payment's refund returns money the order's total never counted.
  const rows = allRows.filter((row) => row.paymentId === null);
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
    refunds: allRows.map(toRefund),
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
  if (refund.paymentId !== null) {
    // A second payment returned: the order itself, and what was refunded of it, are unchanged.
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'refunded',
      data: { amount: refund.amount, paymentId: refund.paymentId, secondPayment: true },
    });
    return;
  }
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
  const items = refund.items?.length ? await OrderItem.query(trx).where({ orderId: order.id }) : [];
  const creditNote = await creditRefund(trx, order, refund, items);
  const buyer = await User.query(trx).findById(order.userId);
  if (!buyer?.email) return;
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
      ...(creditNote ? { creditNoteNumber: creditNote.number } : {}),
    },
    idempotencyKey: `order-refund:${refund.id}`,
    ...(creditNote ? { attachments: [creditNoteAttachment(creditNote)] } : {}),
  });
  if (queued > 0) {
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'email_queued',
      data: { template: 'order-refund', to: buyer.email },
    });
  }
}

/**
 * The credit note of a refund of the order's invoiced payment, issued once
 * with the refund (decision 176): the refunded lines with their tax when the
 * refund is exactly those, else the amount on one line. A second payment of
 * an order was never invoiced, so its refund has no credit note.
 */
async function creditRefund(
  trx: Knex.Transaction,
  order: Order,
  refund: RefundRow,
  items: OrderItem[],
): Promise<CreditNoteRow | undefined> {
  const invoice = await findInvoice(trx, order.id);
  if (!invoice || refund.paymentId !== null) return undefined;
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines = (refund.items ?? []).flatMap((line) => {
    const item = byId.get(line.orderItemId);
    if (!item) return [];
    const lineTotal = fromCents(toCents(item.price) * line.quantity);
    return [{ name: item.productName, quantity: line.quantity, unitPrice: item.price, lineTotal }];
  });
  const subtotal = lines.reduce((sum, line) => sum + toCents(line.lineTotal), 0);
  const exact = lines.length > 0 && subtotal + taxCents(subtotal) === toCents(refund.amount);
  return issueCreditNote(trx, {
    invoice,
    sourceId: `refund:${refund.id}`,
    issuedAt: refund.succeededAt ? new Date(refund.succeededAt) : new Date(),
    lines: exact ? lines : [],
    tax: exact ? fromCents(taxCents(subtotal)) : null,
    total: refund.amount,
  });
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

/** What a refund is written with before its provider is asked. */
interface RefundReservation {
  amountCents: number;
  items: RefundRequest['items'] | null;
  /** Who asked, for the audit log: the staff member, or the application itself (`systemActor`). */
  actor: AuditActor;
  /** Why the application made it by itself (null when staff asked). */
  reason: string | null;
  /** The payment to refund when it is not the order's own (a second payment); omit for the order's. */
  paymentId?: string;
}

/**
 * Writes a refund as pending, in the caller's transaction with the order row
 * locked, so the amount it reserves counts at once against what can still be
 * refunded; the timeline says who asked (or why nobody did), and so does the
 * audit log (`refund.created`).
 */
export async function reserveRefund(
  trx: Knex.Transaction,
  order: Order,
  { amountCents, items, actor, reason, paymentId }: RefundReservation,
): Promise<RefundRow> {
  const requestedBy = actor.id;
  const [refund] = await trx('refunds')
    .insert({
      orderId: order.id,
      paymentId: paymentId ?? null,
      provider: order.paymentProvider,
      amount: fromCents(amountCents),
      status: 'pending',
      items: items ? JSON.stringify(items) : null,
      requestedBy,
      reason,
    })
    .returning<RefundRow[]>('*');
  await recordOrderEvent(trx, {
    orderId: order.id,
    type: 'refund_requested',
    actorId: requestedBy,
    data: {
      amount: fromCents(amountCents),
      ...(items ? { items } : {}),
      ...(reason ? { reason } : {}),
      ...(paymentId ? { paymentId } : {}),
    },
  });
  await recordAudit(trx, actor, {
    action: 'refund.created',
    recordType: 'refund',
    recordId: refund!.id,
    after: {
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      amount: refund!.amount,
      status: refund!.status,
      ...(items ? { items } : {}),
      ...(reason ? { reason } : {}),
      ...(paymentId ? { paymentId } : {}),
    },
  });
  return refund!;
}

/**
 * Staff refund (part of) a paid order. In one transaction with the order row
 * locked: what can still be refunded is worked out (paid, less refunds done or
 * pending), the request checked against it, and the refund written as
 * pending, so two staff members refunding at once cannot together refund
 * more than was paid. Then the provider is asked (`sendRefund`).
 */
export async function createRefund(
  deps: RefundDeps,
  staff: AuditActor,
  orderId: string,
  request: RefundRequest,
): Promise<{ refund: Refund } & OrderRefunds> {
  const { db, provider } = deps;
  if (!uuid.safeParse(orderId).success) throw new NotFound('Order not found');
  const { order, refund } = await db.transaction(async (trx) => {
    const order = await Order.query(trx).findById(orderId).forUpdate();
    if (!order) throw new NotFound('Order not found');
    if (order.quoteId) {
      // Its only money is the quote's deposit, a payment of the quote (decision 201): refunded from the provider.
      throw new Conflict('This order was made from a quote and has no payment of its own to refund.');
    }
    if (!order.paidAt || !order.providerPaymentId) {
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
    const refund = await reserveRefund(trx, order, {
      amountCents: amount,
      items: request.items ?? null,
      actor: staff,
      reason: null,
    });
    return { order, refund };
  });
  const settled = await sendRefund(deps, order, refund);
  return { refund: toRefund(settled), ...(await orderRefunds(db, (await Order.query(db).findById(order.id))!)) };
}

/**
 * Asks the provider for a refund written as pending, with the refund's id as
 * the idempotency key (asking twice makes one refund). The demo provider's
 * answer settles it at once; Stripe's refund webhooks settle it (they may even
 * arrive before its answer does). A refusal marks it failed. When the provider
 * cannot be reached, a refund staff asked for fails (they are told and may
 * ask again); one the application made by itself stays pending, and the
 * sweep (`sendUnsentRefunds`) asks again later.
 */
export async function sendRefund(
  { db, provider, logger }: RefundDeps,
  order: Order,
  refund: RefundRow,
): Promise<RefundRow> {
  let answer;
  try {
    answer = await provider.refund({
      paymentId: refund.paymentId ?? order.providerPaymentId!,
      amountCents: toCents(refund.amount),
      metadata: { purpose: 'order', order_id: order.id, refund_id: refund.id },
      idempotencyKey: `refund-${refund.id}`,
    });
  } catch (err) {
    const refused = err instanceof RefundRefused;
    if (!refused) logger.error({ err, refundId: refund.id }, 'payment provider failed to create a refund');
    const automatic = refund.requestedBy === null && refund.reason !== null;
    if (!refused && automatic) {
      throw new HttpError(502, 'The payment provider is unavailable. The refund will be asked for again.');
    }
    const reason = refused ? err.message : 'The payment provider could not be reached.';
    // Nothing was refunded (a refund the provider did make after all reaches us by its webhook, with our id).
    await db('refunds')
      .where({ id: refund.id, status: 'pending', providerRefundId: null })
      .update({ status: 'failed', failureReason: reason, updatedAt: db.fn.now() });
    await recordOrderEvent(db, {
      orderId: order.id,
      type: 'refund_failed',
      data: { amount: refund.amount, reason },
    });
    if (refused) throw new Conflict(`The payment provider refused the refund: ${err.message}`);
    throw new HttpError(
      502,
      'The payment provider is unavailable. Nothing was refunded; please try again in a moment.',
    );
  }

  return db.transaction(async (trx) => {
    const locked = await Order.query(trx).findById(order.id).forUpdate();
    const row = (await trx('refunds').where({ id: refund.id }).first()) as RefundRow;
    if (!row.providerRefundId) {
      await trx('refunds').where({ id: refund.id }).update({ providerRefundId: answer.id, updatedAt: trx.fn.now() });
      row.providerRefundId = answer.id;
    }
    // Stripe's webhooks decide; the demo provider has no others.
    return provider.name === 'demo' ? settleRefund(trx, locked!, row, answer.status, null) : row;
  });
}

/**
 * Refunds the application wrote by itself but has not had accepted by the
 * provider yet (the process stopped in between, or the provider was down),
 * at least `minAgeMs` old: each is asked for again with the same idempotency
 * key, so a refund the provider did make is not made twice. Returns how many
 * the provider accepted.
 */
export async function sendUnsentRefunds(deps: RefundDeps, minAgeMs: number): Promise<number> {
  const rows = (await deps
    .db('refunds')
    .where({ status: 'pending', providerRefundId: null, provider: deps.provider.name })
    .whereNotNull('reason')
    .where('createdAt', '<=', new Date(Date.now() - minAgeMs))
    .orderBy('createdAt')
    .limit(100)) as RefundRow[];
  let sent = 0;
  for (const row of rows) {
    const order = await Order.query(deps.db).findById(row.orderId);
    if (!order?.providerPaymentId) continue;
    try {
      await sendRefund(deps, order, row);
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, refundId: row.id }, 'automatic refund not sent; it will be asked for again');
    }
  }
  return sent;
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
      ? await query.findOne({ providerPaymentId: report.paymentId })
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
