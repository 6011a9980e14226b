import Router from '@koa/router';
import {
  cannedReplyVariablesQuerySchema,
  createCannedReplySchema,
  updateCannedReplySchema,
} from '@shared/schemas/canned-replies';
import type { AppDeps } from '../../app-deps';
import { requirePermission, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './canned-replies.service';
import { cannedReplyValues } from './reply-variables';

/** Canned replies for staff who answer customers (decision 188); shared ones are written by admins. */
export function cannedRepliesRoutes({ db }: AppDeps): Router {
  const router = new Router();
  const staff = requirePermission('canned_replies');

  router.get('/api/admin/canned-replies', staff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listCannedReplies(db, userOf(ctx));
  });

  // The values of the variables for one chat, ticket or enquiry (the composer fills the reply with them).
  router.get(
    '/api/admin/canned-replies/variables',
    staff,
    validate({ query: cannedReplyVariablesQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await cannedReplyValues(db, userOf(ctx), ctx.state.input.query);
    },
  );

  router.post('/api/admin/canned-replies', staff, validate({ body: createCannedReplySchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createCannedReply(db, userOf(ctx), auditActorOf(ctx), ctx.state.input.body);
  });

  router.patch('/api/admin/canned-replies/:id', staff, validate({ body: updateCannedReplySchema }), async (ctx) => {
    ctx.body = await updateCannedReply(db, ctx.params.id ?? '', userOf(ctx), auditActorOf(ctx), ctx.state.input.body);
  });

  router.delete('/api/admin/canned-replies/:id', staff, async (ctx) => {
    await deleteCannedReply(db, ctx.params.id ?? '', userOf(ctx), auditActorOf(ctx));
    ctx.status = 204;
  });

  return router;
}
