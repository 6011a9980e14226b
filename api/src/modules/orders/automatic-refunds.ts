import type { Knex } from 'knex';
import { fromCents, toCents } from '@shared/money';
import { formatOrderNumber } from '@shared/schemas/orders';
import { systemActor } from '../audit/audit-log';
import { enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import type { PaymentOutcome } from '../payments/payment-provider';
import { publish } from '../../live/publish';
import { User } from '../users/user.model';
import { issueInvoice } from './invoices';
import { recordOrderEvent } from './order-events';
import { mailBuyer } from './order-mails';
import { Order } from './order.model';
import { reserveRefund } from './refunds';

/** What the refund row, the timeline and staff read as the reason. */
export const AUTOMATIC_REFUND_REASONS = {
  cancelled: 'the payment arrived after the order was cancelled',
  second_payment: 'a second payment of an order already paid',
} as const;

type Why = keyof typeof AUTOMATIC_REFUND_REASONS;

/**
 * A payment that succeeded for an order that no longer wants it — cancelled
 * meanwhile (the client or staff cancelled while the card was being charged,
 * and the provider's word came after), or already paid by another payment
 * (two tabs) — is never dropped. In the payment's transaction, with the order
 * row locked: a payment after cancellation is recorded on the order (paid and
 * invoiced: the money was received) while the order stays cancelled; a second
 * payment is recorded on the timeline. Either way a full refund of it is
 * written as pending for the application itself to send (`sendUnsentRefunds`,
 * right after this commits and again by the maintenance sweep), and the client
 * and staff are told. Applying the same outcome again changes nothing.
 */
export async function refundUnwantedPayment(
  trx: Knex.Transaction,
  order: Order,
  outcome: PaymentOutcome,
  mail: StaffAlertSettings,
): Promise<void> {
  const why: Why = order.paidAt ? 'second_payment' : 'cancelled';
  if (why === 'second_payment') {
    if (outcome.paymentId === order.providerPaymentId) return; // the order's own payment, reported again
    const known = await trx('refunds').where({ orderId: order.id, paymentId: outcome.paymentId }).first('id');
    if (known) return;
  }
  const amountCents = why === 'cancelled' ? toCents(order.totalAmount) : outcome.amountCents;
  const paymentData = { provider: outcome.provider, paymentId: outcome.paymentId, amount: fromCents(amountCents) };
  let refunded = order;
  if (why === 'cancelled') {
    const paidAt = new Date();
    await Order.query(trx).patch({ paidAt, providerPaymentId: outcome.paymentId }).where({ id: order.id });
    await issueInvoice(trx, order.id, paidAt);
    await recordOrderEvent(trx, { orderId: order.id, type: 'paid', data: { ...paymentData, afterCancellation: true } });
    refunded = { ...order, paidAt, providerPaymentId: outcome.paymentId } as Order;
  } else {
    await recordOrderEvent(trx, { orderId: order.id, type: 'second_payment', data: paymentData });
  }
  await reserveRefund(trx, refunded, {
    amountCents,
    items: null,
    actor: systemActor('automatic refund'),
    reason: AUTOMATIC_REFUND_REASONS[why],
    ...(why === 'second_payment' ? { paymentId: outcome.paymentId } : {}),
  });
  await tellClientAndStaff(trx, order, { why, amount: fromCents(amountCents), paymentId: outcome.paymentId }, mail);
  await publish(trx, 'staff', { kind: 'order.updated', id: order.id });
}

async function tellClientAndStaff(
  trx: Knex.Transaction,
  order: Order,
  { why, amount, paymentId }: { why: Why; amount: string; paymentId: string },
  mail: StaffAlertSettings,
): Promise<void> {
  const data = {
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    amount,
    why,
  };
  await mailBuyer(
    trx,
    order,
    'order-paid-after-cancellation',
    (buyer) => ({ ...data, name: buyer.firstName || buyer.username }),
    paymentId,
  );
  const buyer = await User.query(trx).findById(order.userId);
  await enqueueStaffAlert(trx, mail, 'refunds', {
    template: 'staff-payment-after-cancellation',
    data: {
      ...data,
      name: buyer ? buyer.firstName || buyer.username : 'there',
      customer: {
        name: buyer?.displayName ?? 'Unknown client',
        username: buyer?.username ?? '',
        email: buyer?.email ?? null,
      },
    },
    idempotencyKey: `staff-payment-after-cancellation:${paymentId}`,
    ...(buyer?.email ? { replyTo: buyer.email } : {}),
  });
}
