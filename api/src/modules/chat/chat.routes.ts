import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  listChatQuerySchema,
  startChatSchema,
  updateChatContactSchema,
  updateStaffChatSchema,
  visitorPageSchema,
} from '@shared/schemas/chat';
import { chatTicketSchema } from '@shared/schemas/tickets';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { currentUser, optionalUser, requirePermission } from '../../middleware/current-user';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { sessionData } from '../auth/session';
import { mayChat, participantOf, type ChatParticipant } from './chat-access';
import { updateStaffChat } from './storage/conversation-changes';
import { isStaffOnline } from './storage/presence';
import {
  closeConversation,
  conversationFor,
  listConversations,
  startConversation,
  updateVisitorEmail,
} from './storage/conversations';
import { forVisitor, toChatConversation } from './storage/rows';
import { chatToTicket, recordVisitorPage, visitorContext } from './storage/visitor-context';

const TOO_MANY_CHATS = 'Too many chats started from this network. Please try again later.';

/** The caller as chat sees them: the session's visitor id and the logged-in account. */
function callerOf(ctx: Context): ChatParticipant {
  // Read before currentUser, which ends the session of an account that is gone.
  const visitorId = sessionData(ctx).visitorId;
  return participantOf(currentUser(ctx), visitorId);
}

export function chatRoutes({ db, config }: AppDeps): Router {
  const router = new Router();

  // Whether anyone can answer right now (the widget's away mode). Public: never 401s.
  router.get('/api/chat/status', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { staffOnline: await isStaffOnline(db) };
  });

  router.post('/api/chat/conversations', optionalUser, validate({ body: startChatSchema }), async (ctx) => {
    const input = ctx.state.input.body;
    await consumeRateLimit(db, `chat-start:ip:${ctx.ip}`, config.rateLimits.chatStartPerIp, TOO_MANY_CHATS);
    const session = sessionData(ctx);
    // The visitor's random id lives in their session: only that browser (or their account) may join.
    if (!isUuid(session.visitorId)) session.visitorId = randomUUID();
    const conversation = await startConversation(db, {
      visitorId: session.visitorId,
      userId: ctx.state.user?.id ?? null,
      visitorName: input.visitorName,
      visitorEmail: input.visitorEmail,
      startPage: input.page ?? null,
    });
    ctx.status = 201;
    ctx.body = { id: conversation.id };
  });

  router.get(
    '/api/chat/conversations',
    requirePermission('chat'),
    validate({ query: listChatQuerySchema }),
    async (ctx) => {
      const page = await listConversations(db, ctx.state.input.query);
      ctx.set('Cache-Control', 'no-store');
      if (page.nextCursor) ctx.set('X-Next-Cursor', page.nextCursor);
      ctx.body = page.conversations;
    },
  );

  // A visitor's own conversation (the widget checks the one it remembers), or any for staff.
  router.get('/api/chat/conversations/:id', async (ctx) => {
    const caller = callerOf(ctx);
    const row = await conversationFor(db, ctx.params.id ?? '', caller);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = mayChat(caller) ? toChatConversation(row) : forVisitor(toChatConversation(row));
  });

  // Staff set a chat's priority and assignee (issue 26).
  router.patch(
    '/api/admin/chat/conversations/:id',
    requirePermission('chat'),
    validate({ body: updateStaffChatSchema }),
    async (ctx) => {
      ctx.body = await updateStaffChat(db, ctx.params.id ?? '', ctx.state.input.body, auditActorOf(ctx));
    },
  );

  router.patch('/api/chat/conversations/:id', validate({ body: updateChatContactSchema }), async (ctx) => {
    const { visitorEmail } = ctx.state.input.body;
    ctx.body = forVisitor(await updateVisitorEmail(db, ctx.params.id ?? '', callerOf(ctx), visitorEmail));
  });

  // The widget reports the page its visitor is on (staff see it beside the chat).
  router.post('/api/chat/conversations/:id/page', validate({ body: visitorPageSchema }), async (ctx) => {
    await recordVisitorPage(db, ctx.params.id ?? '', callerOf(ctx), ctx.state.input.body.page);
    ctx.status = 204;
  });

  router.get('/api/chat/conversations/:id/context', requirePermission('chat'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await visitorContext(db, ctx.params.id ?? '');
  });

  // Staff turn a chat into a ticket: the transcript is its first message.
  router.post(
    '/api/chat/conversations/:id/ticket',
    requirePermission('chat'),
    validate({ body: chatTicketSchema }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await chatToTicket(db, ctx.params.id ?? '', ctx.state.input.body.service);
    },
  );

  router.patch('/api/chat/conversations/:id/close', requirePermission('chat'), async (ctx) => {
    ctx.body = await closeConversation(db, ctx.params.id ?? '');
  });

  return router;
}
