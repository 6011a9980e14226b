import Router from '@koa/router';
import { uuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { requireUser, userOf } from '../../middleware/current-user';
import { getOrder, listOrders } from './orders.service';

export function ordersRoutes({ db }: AppDeps): Router {
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

  return router;
}
