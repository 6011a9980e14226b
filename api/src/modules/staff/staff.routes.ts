import Router from '@koa/router';
import type { Context } from 'koa';
import { createInvitationSchema, updateStaffMemberSchema } from '@shared/schemas/staff';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { requirePermission, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { createInvitation, INVITATION_MESSAGES, listPendingInvitations, revokeInvitation } from './invitations.service';
import { listStaffMembers, resetTwoFactor, STAFF_MEMBER_NOT_FOUND, updateStaffMember } from './staff.service';

/** The signed-in admin, as the rules and the audit log need them. */
const callerOf = (ctx: Context) => ({ user: userOf(ctx), actor: auditActorOf(ctx) });

function memberId(ctx: Context): string {
  const id = ctx.params.id;
  if (!isUuid(id)) throw new NotFound(STAFF_MEMBER_NOT_FOUND);
  return id;
}

/** The console's Staff screen (admin only: the staff.manage permission), decision 170. */
export function staffRoutes({ db }: AppDeps): Router {
  const router = new Router();
  const admin = requirePermission('staff.manage');

  router.get('/api/admin/staff', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listStaffMembers(db);
  });

  router.get('/api/admin/staff/invitations', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listPendingInvitations(db);
  });

  router.post('/api/admin/staff/invitations', admin, validate({ body: createInvitationSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createInvitation(db, callerOf(ctx), ctx.state.input.body);
  });

  router.delete('/api/admin/staff/invitations/:id', admin, async (ctx) => {
    if (!isUuid(ctx.params.id)) throw new NotFound(INVITATION_MESSAGES.notFound);
    await revokeInvitation(db, auditActorOf(ctx), ctx.params.id);
    ctx.status = 204;
  });

  router.patch('/api/admin/staff/:id', admin, validate({ body: updateStaffMemberSchema }), async (ctx) => {
    ctx.body = await updateStaffMember(db, callerOf(ctx), memberId(ctx), ctx.state.input.body);
  });

  router.post('/api/admin/staff/:id/2fa/reset', admin, async (ctx) => {
    await resetTwoFactor(db, callerOf(ctx), memberId(ctx));
    ctx.status = 204;
  });

  return router;
}
