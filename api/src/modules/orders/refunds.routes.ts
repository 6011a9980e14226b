import Router from '@koa/router';
import { refundRequestSchema } from '@shared/schemas/refunds';
import type { AppDeps } from '../../app-deps';
import { ServiceUnavailable } from '../../errors';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import type { PaymentProvider } from '../payments/payment-provider';
import { createRefund, findOrderRefunds } from './refunds';

/** Staff refunds of paid orders, through the app's payment provider (mounted by payment-wiring.ts). */
export function refundRoutes({ db, logger }: AppDeps, provider: PaymentProvider | null): Router {
  const router = new Router();

  router.get('/api/admin/orders/:id/refunds', requirePermission('orders.read'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await findOrderRefunds(db, ctx.params.id!);
  });

  router.post(
    '/api/admin/orders/:id/refunds',
    requirePermission('refunds'),
    validate({ body: refundRequestSchema }),
    async (ctx) => {
      if (!provider) throw new ServiceUnavailable('The payment system is not configured.');
      ctx.status = 201;
      ctx.body = await createRefund({ db, provider, logger }, auditActorOf(ctx), ctx.params.id!, ctx.state.input.body);
    },
  );

  return router;
}
