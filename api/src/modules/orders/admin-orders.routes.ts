import Router from '@koa/router';
import { adminOrderListQuerySchema, adminOrderUpdateSchema } from '@shared/schemas/admin-orders';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { requirePermission, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { getAdminOrder, listAdminOrders, updateOrderStatus } from './admin-orders.service';

/** Orders for staff: the list, one order, fulfilment (decision 101). */
export function adminOrdersRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/orders',
    requirePermission('orders.read'),
    validate({ query: adminOrderListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listAdminOrders(db, ctx.state.input.query);
    },
  );

  router.get('/api/admin/orders/:id', requirePermission('orders.read'), async (ctx) => {
    if (!isUuid(ctx.params.id)) throw new NotFound('Order not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getAdminOrder(db, ctx.params.id);
  });

  router.patch(
    '/api/admin/orders/:id',
    requirePermission('orders.fulfil'),
    validate({ body: adminOrderUpdateSchema }),
    async (ctx) => {
      if (!isUuid(ctx.params.id)) throw new NotFound('Order not found');
      const by = { user: userOf(ctx), actor: auditActorOf(ctx) };
      ctx.body = await updateOrderStatus(db, by, ctx.params.id, ctx.state.input.body);
    },
  );

  return router;
}
