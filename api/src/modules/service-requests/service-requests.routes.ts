import Router from '@koa/router';
import {
  consultationProposalSchema,
  staffServiceRequestListQuerySchema,
  ticketReplySchema,
  updateServiceRequestSchema,
} from '@shared/schemas/service-requests';
import type { AppDeps } from '../../app-deps';
import { requireStaff, requireUser, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { consultationCalendar, confirmConsultation, proposeConsultation } from './consultation-times';
import { listServiceRequests } from './service-requests.service';
import { addTicketReply, updateTicket } from './ticket-changes';
import { listTickets, listStaffMembers } from './ticket-list';
import { readThread } from './ticket-thread';

export function serviceRequestsRoutes({ db, config }: AppDeps): Router {
  const router = new Router();

  router.get('/api/service-requests', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listServiceRequests(db, userOf(ctx).id);
  });

  // One ticket and its thread: its client, or staff (who also see internal notes).
  router.get('/api/service-requests/:id', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readThread(db, ctx.params.id ?? '', userOf(ctx));
  });

  router.post('/api/service-requests/:id/replies', requireUser, validate({ body: ticketReplySchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await addTicketReply(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body);
  });

  router.post('/api/service-requests/:id/consultation/confirm', requireUser, async (ctx) => {
    ctx.body = await confirmConsultation(db, ctx.params.id ?? '', userOf(ctx), config.mail);
  });

  router.get('/api/service-requests/:id/consultation.ics', requireUser, async (ctx) => {
    const ics = await consultationCalendar(db, ctx.params.id ?? '', userOf(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'attachment; filename="consultation.ics"');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.body = ics;
  });

  router.get(
    '/api/admin/service-requests',
    requireStaff,
    validate({ query: staffServiceRequestListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listTickets(db, ctx.state.input.query);
    },
  );

  // Who tickets can be assigned to.
  router.get('/api/admin/staff-members', requireStaff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listStaffMembers(db);
  });

  router.patch(
    '/api/admin/service-requests/:id',
    requireStaff,
    validate({ body: updateServiceRequestSchema }),
    async (ctx) => {
      ctx.body = await updateTicket(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body);
    },
  );

  router.post(
    '/api/admin/service-requests/:id/consultation',
    requireStaff,
    validate({ body: consultationProposalSchema }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await proposeConsultation(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body);
    },
  );

  return router;
}
