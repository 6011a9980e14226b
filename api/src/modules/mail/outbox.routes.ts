import Router from '@koa/router';
import { outboxListQuerySchema } from '@shared/schemas/outbox';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { Conflict, NotFound } from '../../errors';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { findOutboxAttachment, findOutboxMail, listOutbox, outboxViewerFor } from './outbox.service';

/** The outbox for staff: what was sent, what is waiting, what failed and why. */
export function outboxRoutes({ db, config }: AppDeps): Router {
  const router = new Router();
  const viewer = outboxViewerFor(config);

  router.get(
    '/api/admin/outbox',
    requirePermission('outbox'),
    validate({ query: outboxListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listOutbox(db, ctx.state.input.query, viewer);
    },
  );

  router.get('/api/admin/outbox/:id', requirePermission('outbox'), async (ctx) => {
    const mail = isUuid(ctx.params.id) ? await findOutboxMail(db, config.mail, viewer, ctx.params.id) : undefined;
    if (!mail) throw new NotFound('Mail not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = mail;
  });

  router.get('/api/admin/outbox/:id/attachments/:attachmentId', requirePermission('outbox'), async (ctx) => {
    const { id, attachmentId } = ctx.params;
    const file =
      isUuid(id) && isUuid(attachmentId) ? await findOutboxAttachment(db, viewer, id, attachmentId) : undefined;
    if (!file) throw new NotFound('Attachment not found');
    if (!file.content) throw new Conflict('This file is made when the mail is first sent; it is not made yet.');
    ctx.set('Cache-Control', 'no-store');
    // Always a download: a staff member's browser never runs what a mail carried.
    ctx.attachment(file.filename);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = file.contentType;
    ctx.body = file.content;
  });

  return router;
}
