import Router from '@koa/router';
import type { Middleware } from 'koa';
import { checkoutRequestSchema } from '@shared/schemas/orders';
import { uuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { NotFound, ServiceUnavailable } from '../../errors';
import { requireUser, staffNeed, userOf } from '../../middleware/current-user';
import { validated } from '../../middleware/validate';
import type { PaymentProvider } from '../payments/payment-provider';
import { consumePaymentAttempt } from '../payments/payment-rate-limit';
import { billingFilename } from '../billing/billing-pdf';
import {
  cancelOwnOrder,
  createCheckoutOrder,
  getOrder,
  listOrders,
  orderInvoicePdf,
  startOrderPayment,
} from './orders.service';

/** The client's orders: list, one order, its invoice, Cancel, and Pay now through the app's provider (null: none). */
export function ordersRoutes({ db, config, logger }: AppDeps, provider: PaymentProvider | null): Router {
  const router = new Router();

  router.get('/api/orders', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOrders(db, userOf(ctx).id);
  });

  router.get('/api/orders/:id', requireUser, async (ctx) => {
    const id = uuid.safeParse(ctx.params.id);
    if (!id.success) throw new NotFound('Order not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getOrder(db, userOf(ctx).id, id.data);
  });

  router.get('/api/orders/:id/invoice.pdf', requireUser, staffNeed('orders.read'), async (ctx) => {
    const id = uuid.safeParse(ctx.params.id);
    const file = id.success ? await orderInvoicePdf(db, userOf(ctx), id.data) : undefined;
    if (!file) throw new NotFound('Order not found');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.attachment(billingFilename('invoice', file.number));
    ctx.type = 'application/pdf';
    ctx.body = file.pdf;
  });

  // A pending order's Cancel: only its owner, only while it waits for payment.
  router.post('/api/orders/:id/cancel', requireUser, async (ctx) => {
    const id = uuid.safeParse(ctx.params.id);
    if (!id.success) throw new NotFound('Order not found');
    ctx.body = await cancelOwnOrder(db, userOf(ctx), id.data);
  });

  // Pay now, on a pending order's page: answers like the checkout, `{ clientSecret, order }`, and draws on the same
  // hourly allowance of payment attempts.
  router.post('/api/orders/:id/payment', requireUser, async (ctx) => {
    if (!provider) throw new ServiceUnavailable('The payment system is not configured.');
    const user = userOf(ctx);
    await consumePaymentAttempt(db, config, user.id);
    const id = uuid.safeParse(ctx.params.id);
    if (!id.success) throw new NotFound('Order not found');
    ctx.status = 201;
    ctx.body = await startOrderPayment({ db, provider, logger }, user, id.data);
  });

  return router;
}

/**
 * The shop's checkout, the order kind of POST /api/create-payment-intent (the
 * cart's items and the shipping address). payments.routes.ts owns that URL:
 * it checks the user, the kind, the provider and the payment allowance, then
 * hands carts to this step (given it by api/src/payment-wiring.ts).
 */
export function checkoutRoute({ db, logger }: AppDeps, provider: PaymentProvider): Middleware {
  return validated({ body: checkoutRequestSchema }, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createCheckoutOrder({ db, provider, logger }, userOf(ctx), ctx.state.input.body);
  });
}
