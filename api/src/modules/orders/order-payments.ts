import type { Knex } from 'knex';
import { toCents } from '@shared/money';
import type { OrderStatus } from '@shared/schemas/orders';
import { uuid } from '@shared/schemas/text';
import type { Logger } from '../../logger';
import type { StaffAlertSettings } from '../mail/outbox';
import type { PaymentFulfilment } from '../payments/payment-outcome';
import type { PaymentOutcome } from '../payments/payment-provider';
import { refundUnwantedPayment } from './automatic-refunds';
import { issueInvoice } from './invoices';
import { publish } from '../../live/publish';
import { recordOrderEvent } from './order-events';
import { queueOrderPaidMails } from './order-mails';
import { Order } from './order.model';

/** A payment can still settle an order in these states (money received after expiry is still received). */
const PAYABLE: ReadonlySet<OrderStatus> = new Set(['pending', 'payment_failed', 'expired']);

/**
 * Applies a settled payment to its order, inside the caller's transaction,
 * with the order row locked (a cancellation holds the same lock, so the two
 * are settled one after the other). Idempotent and safe against events
 * arriving twice or out of order: a paid order never goes back, and a failure
 * only moves an order that is still pending. Paid, it queues its receipt and
 * the staff alert in the same transaction. A succeeded payment is never
 * dropped: one for an order cancelled meanwhile or already paid is refunded
 * by the application itself (`automatic-refunds.ts`, decision 158).
 */
async function applyOrderPayment(
  trx: Knex.Transaction,
  outcome: PaymentOutcome,
  logger: Logger,
  mail: StaffAlertSettings,
): Promise<void> {
  const orderId = outcome.metadata.order_id;
  const query = Order.query(trx).forUpdate();
  const order = uuid.safeParse(orderId).success
    ? await query.findById(orderId!)
    : await query.findOne({ providerPaymentId: outcome.paymentId });
  const context = { orderId, paymentId: outcome.paymentId, provider: outcome.provider };
  if (!order) {
    logger.warn(context, 'payment for an unknown order ignored');
    return;
  }
  if (order.paymentProvider !== outcome.provider) {
    logger.warn(context, 'payment from a different provider than the order ignored');
    return;
  }
  const superseded = Boolean(order.providerPaymentId && order.providerPaymentId !== outcome.paymentId);

  if (outcome.status === 'succeeded') {
    if (outcome.amountCents !== toCents(order.totalAmount) || outcome.currency.toLowerCase() !== order.currency) {
      logger.error(
        { ...context, amount: outcome.amountCents, currency: outcome.currency, total: order.totalAmount },
        'payment amount does not match the order total; order left unchanged',
      );
      return;
    }
    if (!PAYABLE.has(order.status) || order.paidAt) {
      // Money for an order that no longer wants it (cancelled meanwhile, or already paid) is returned, never dropped.
      logger.warn(
        { ...context, status: order.status },
        'payment for an order that no longer waits for one; refunding it',
      );
      await refundUnwantedPayment(trx, order, outcome, mail);
      return;
    }
    // A payment the buyer started before a Pay now replaced it still pays this order: it is this order's money.
    if (superseded) logger.warn({ ...context, expected: order.providerPaymentId }, 'an earlier payment paid the order');
    if (order.status === 'expired') logger.warn(context, 'payment received for an expired order; marking it paid');
    const paidAt = new Date();
    await Order.query(trx)
      .patch({ status: 'paid', paidAt, providerPaymentId: outcome.paymentId })
      .where({ id: order.id });
    await issueInvoice(trx, order.id, paidAt);
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'paid',
      data: { provider: outcome.provider, paymentId: outcome.paymentId, amount: order.totalAmount },
    });
    await queueOrderPaidMails(trx, order.id, mail);
    // Staff consoles hear of it when this commits (decision 100).
    await publish(trx, 'staff', { kind: 'order.paid', id: order.id });
    return;
  }

  if (superseded) {
    logger.warn({ ...context, expected: order.providerPaymentId }, 'failure of a replaced payment ignored');
    return;
  }
  if (order.status === 'pending') {
    await Order.query(trx)
      .patch({ status: 'payment_failed', providerPaymentId: outcome.paymentId })
      .where({ id: order.id });
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'payment_failed',
      data: { provider: outcome.provider, paymentId: outcome.paymentId, reason: outcome.failureMessage ?? null },
    });
  }
}

/**
 * Whether an order can still be paid with this payment (the demo provider asks
 * before "charging"): the order waits for payment, and this is its current
 * payment (a retried checkout or Pay now replaced older ones).
 */
async function orderAcceptsPayment(
  trx: Knex.Transaction,
  orderId: string | undefined,
  paymentId: string,
): Promise<boolean> {
  if (!orderId || !uuid.safeParse(orderId).success) return false;
  // Locked until the demo charge commits: a cancellation waits, then finds the order paid (409).
  const order = await Order.query(trx).forUpdate().findById(orderId);
  return Boolean(
    order &&
    (order.status === 'pending' || order.status === 'payment_failed') &&
    (!order.providerPaymentId || order.providerPaymentId === paymentId),
  );
}

/** Payments for the shop's orders (purpose `order`, metadata `order_id`); staff alerts go by `mail`. */
export const orderFulfilment = (mail: StaffAlertSettings): PaymentFulfilment => ({
  apply: (trx, outcome, logger) => applyOrderPayment(trx, outcome, logger, mail),
  refuseDemoPayment: async (trx, payment) =>
    (await orderAcceptsPayment(trx, payment.metadata.order_id, payment.id))
      ? null
      : 'This order can no longer be paid. Please return to the shop and check out again.',
});

const ORDER_PAYMENT_WINDOW_HOURS = 24;

/** Maintenance: orders left pending for 24 hours become expired. */
export async function expireStaleOrders(db: Knex): Promise<number> {
  // The timeline says so too, in the same statement.
  const result = await db.raw<{ rowCount: number }>(
    `with expired as (
       update orders set status = 'expired', updated_at = now()
       where status = 'pending' and created_at < now() - make_interval(hours => ?)
       returning id)
     insert into order_events (order_id, type, data) select id, 'expired', '{}'::jsonb from expired`,
    [ORDER_PAYMENT_WINDOW_HOURS],
  );
  return result.rowCount;
}
