import Router from '@koa/router';
import type { Context } from 'koa';
import { uuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { requirePermission, requireUser, userOf } from '../../middleware/current-user';
import { User } from '../users/user.model';
import { billingFilename } from './billing-pdf';
import { billingDocumentPdf, listBillingDocuments } from './billing.service';

function sendPdf(ctx: Context, file: Awaited<ReturnType<typeof billingDocumentPdf>>): void {
  if (!file) throw new NotFound('Invoice not found');
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.attachment(billingFilename(file.kind, file.number));
  ctx.type = 'application/pdf';
  ctx.body = file.pdf;
}

/**
 * Invoices and credit notes (decision 176): the client's own list and PDFs,
 * and staff's view of a customer's (`orders.read`).
 */
export function billingRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/invoices', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listBillingDocuments(db, userOf(ctx).id, 'client');
  });

  // Anyone else's document is "not found", like an unknown id.
  router.get('/api/invoices/:id/pdf', requireUser, async (ctx) => {
    sendPdf(ctx, await billingDocumentPdf(db, ctx.params.id!, userOf(ctx).id));
  });

  router.get('/api/admin/customers/:id/invoices', requirePermission('orders.read'), async (ctx) => {
    const id = uuid.safeParse(ctx.params.id);
    const customer = id.success ? await User.query(db).findById(id.data) : undefined;
    if (!customer || customer.isStaff) throw new NotFound('Customer not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listBillingDocuments(db, customer.id, 'staff');
  });

  router.get('/api/admin/invoices/:id/pdf', requirePermission('orders.read'), async (ctx) => {
    sendPdf(ctx, await billingDocumentPdf(db, ctx.params.id!, null));
  });

  return router;
}
