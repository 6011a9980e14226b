import Router from '@koa/router';
import {
  consultationLinkSchema,
  consultationProposalSchema,
  linkTicketClientSchema,
  type StaffTicketDetail,
  staffTicketListQuerySchema,
  ticketReplySchema,
  updateTicketSchema,
  type TicketReplyInput,
} from '@shared/schemas/tickets';
import { TICKET_REPLY_MAX } from '@shared/tickets';
import type { AppDeps } from '../../app-deps';
import type { RateLimitRule } from '../../config';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { requirePermission, requireUser, staffNeed, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import {
  consultationCalendar,
  consultationLink,
  confirmConsultation,
  confirmConsultationByLink,
  proposeConsultation,
} from './consultation-times';
import { auditActorOf } from '../audit/audit-log';
import { listOwnTickets } from './tickets.service';
import { addTicketReply, updateTicket } from './ticket-changes';
import { linkTicketClient } from './ticket-client-link';
import { listTickets, listStaffMembers } from './ticket-list';
import { readThread, ticketFor } from './ticket-thread';
import { prepareAttachment, type PreparedAttachment } from '../attachments/attachment-store';
import { readAttachmentForm } from '../attachments/attachment-upload';

/** Look-ups and confirmations through the emailed link, per network address (the token cannot be guessed anyway). */
export const CONSULTATION_LINK_RATE: RateLimitRule = { limit: 30, windowMs: 15 * 60 * 1000 };
const TOO_MANY_LINKS = 'Too many attempts from this network. Please try again later.';

export function ticketsRoutes({ db, config }: AppDeps): Router {
  const router = new Router();
  const linkLimit = (bucket: string) => rateLimitByIp(db, bucket, CONSULTATION_LINK_RATE, TOO_MANY_LINKS);

  router.get('/api/service-requests', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOwnTickets(db, userOf(ctx).id);
  });

  // One ticket and its thread: its client, or staff (who also see internal notes).
  router.get('/api/service-requests/:id', requireUser, staffNeed('service_requests.work'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readThread(db, ctx.params.id ?? '', userOf(ctx));
  });

  // A reply as JSON, or as a multipart form with its files (fields `message`, `internal`, files in `files`).
  router.post('/api/service-requests/:id/replies', requireUser, staffNeed('service_requests.work'), async (ctx) => {
    const caller = userOf(ctx);
    const id = ctx.params.id ?? '';
    let input: TicketReplyInput;
    const files: PreparedAttachment[] = [];
    if (ctx.is('multipart/form-data')) {
      // Another client's ticket (or none) is a 404 before a byte of the files is read.
      await ticketFor(db, id, caller);
      const form = await readAttachmentForm(ctx, {
        textFields: ['message', 'internal'],
        maxFieldBytes: TICKET_REPLY_MAX * 4,
      });
      input = ticketReplySchema.parse({
        message: form.fields.message ?? '',
        internal: form.fields.internal === 'true',
      });
      // One at a time: re-encoding images is the costly part, and one upload should not take every core.
      for (const file of form.files) files.push(await prepareAttachment(file));
    } else {
      input = ticketReplySchema.parse(ctx.request.body);
    }
    ctx.status = 201;
    ctx.body = await addTicketReply(db, id, caller, input, files);
  });

  router.post('/api/service-requests/:id/consultation/confirm', requireUser, async (ctx) => {
    ctx.body = await confirmConsultation(db, ctx.params.id ?? '', userOf(ctx), config.mail);
  });

  // The one-click link in the proposal email (no login: the token is the proof). Its page POSTs the token to read
  // the proposal, and again from its button to confirm: a mail scanner that fetches the link changes nothing.
  router.post(
    '/api/consultation-link',
    linkLimit('consultation-link'),
    validate({ body: consultationLinkSchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await consultationLink(db, ctx.state.input.body.token);
    },
  );

  router.post(
    '/api/consultation-link/confirm',
    linkLimit('consultation-link-confirm'),
    validate({ body: consultationLinkSchema }),
    async (ctx) => {
      ctx.body = await confirmConsultationByLink(db, ctx.state.input.body.token, config.mail);
    },
  );

  router.get(
    '/api/service-requests/:id/consultation.ics',
    requireUser,
    staffNeed('service_requests.work'),
    async (ctx) => {
      const ics = await consultationCalendar(db, ctx.params.id ?? '', userOf(ctx));
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', 'attachment; filename="consultation.ics"');
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.body = ics;
    },
  );

  router.get(
    '/api/admin/service-requests',
    requirePermission('service_requests.work'),
    validate({ query: staffTicketListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listTickets(db, ctx.state.input.query);
    },
  );

  // One ticket for staff: its thread, with the service-level clocks also beside it at the top (decision 192).
  router.get('/api/admin/service-requests/:id', requirePermission('service_requests.work'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const thread = await readThread(db, ctx.params.id ?? '', userOf(ctx));
    const { firstResponseAt, firstResponseDueAt, resolvedAt, resolutionDueAt, slaState, slaPaused } = thread.request;
    ctx.body = {
      ...thread,
      firstResponseAt,
      firstResponseDueAt,
      resolvedAt,
      resolutionDueAt,
      slaState,
      slaPaused,
    } satisfies StaffTicketDetail;
  });

  // Who tickets can be assigned to.
  router.get('/api/admin/staff-members', requirePermission('service_requests.work'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listStaffMembers(db);
  });

  router.patch(
    '/api/admin/service-requests/:id',
    requirePermission('service_requests.work'),
    validate({ body: updateTicketSchema }),
    async (ctx) => {
      ctx.body = await updateTicket(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body);
    },
  );

  // Staff link an unlinked ticket to a client account deliberately (decision 155).
  router.post(
    '/api/admin/service-requests/:id/client',
    requirePermission('service_requests.work'),
    validate({ body: linkTicketClientSchema }),
    async (ctx) => {
      ctx.body = await linkTicketClient(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body, auditActorOf(ctx));
    },
  );

  router.post(
    '/api/admin/service-requests/:id/consultation',
    requirePermission('service_requests.work'),
    validate({ body: consultationProposalSchema }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await proposeConsultation(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body);
    },
  );

  return router;
}
