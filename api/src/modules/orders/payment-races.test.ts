import { describe, expect, it } from 'vitest';
import { demoCards } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { loggedInClient, pendingOrderOf, type ClientWithOrder } from '../../test/order-factories';
import { setupTestApp } from '../../test/test-app';
import { Order } from './order.model';

/*
 * A payment settling while its order is cancelled (issue: "cancelling and
 * paying at the same moment loses the payment"). Whatever the interleaving,
 * money received is never dropped: either the payment wins and the
 * cancellation is refused with 409, or the order stays cancelled and the
 * payment is refunded by the application itself, with the timeline, the
 * client and staff told.
 */

const RACES = 12;

const t = setupTestApp({ rateLimits: roomyRateLimits });

describe('demo provider: cancel and pay at the same moment', () => {
  async function race(order: ClientWithOrder) {
    const [cancel, pay] = await Promise.all([
      order.agent.post(`/api/orders/${order.orderId}/cancel`),
      order.agent
        .post('/api/demo-payments/confirm')
        .send({ clientSecret: order.clientSecret, card: demoCards.succeeds }),
    ]);
    const row = (await Order.query(t.db).findById(order.orderId))!;
    const payment = await t
      .db('demo_payments')
      .where({ id: order.clientSecret.split('_secret_')[0] })
      .first();
    return { cancel, pay, row, payment };
  }

  it(`settles the two one after the other, ${RACES} times: a charged card always means a paid order`, async () => {
    const outcomes = { paid: 0, cancelled: 0 };
    const client = await loggedInClient(t);
    for (let attempt = 0; attempt < RACES; attempt += 1) {
      const order = await pendingOrderOf(t, client);
      const { cancel, pay, row, payment } = await race(order);
      if (payment.status === 'succeeded') {
        // The payment won: the order is paid, invoiced, and the cancellation says why it was refused.
        expect(pay.status).toBe(200);
        expect(cancel.status).toBe(409);
        expect(cancel.body.message).toMatch(/paid/i);
        expect(row.status).toBe('paid');
        expect(row.paidAt).not.toBeNull();
        expect(await t.db('invoices').where({ orderId: row.id })).toHaveLength(1);
        outcomes.paid += 1;
      } else {
        // The cancellation won: nothing was charged, and the buyer is told the order can no longer be paid.
        expect(cancel.status).toBe(200);
        expect(pay.status).toBe(402);
        expect(payment.status).toBe('canceled');
        expect(row.status).toBe('cancelled');
        expect(row.paidAt).toBeNull();
        outcomes.cancelled += 1;
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(RACES);
  }, 120_000);
});
