import Router from '@koa/router';
import { feedbackAnswerSchema, surveySettingsSchema } from '@shared/schemas/surveys';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import type { RateLimitRule } from '../../config';
import { NotFound } from '../../errors';
import { requirePermission } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { readSetting, writeSetting } from '../settings/settings.service';
import { answerFeedback, readFeedback, resendSurvey, surveyOf, surveysSetting } from './surveys.service';

/** Reads and answers through the emailed link, per network address (the token cannot be guessed anyway). */
export const FEEDBACK_LINK_RATE: RateLimitRule = { limit: 60, windowMs: 15 * 60 * 1000 };
const TOO_MANY = 'Too many attempts from this network. Please try again later.';

/**
 * Satisfaction surveys (decision 191): the feedback link's page reads and
 * answers here without a sign-in (the token is the proof); staff turn
 * surveys on or off, see a ticket's or chat's survey and send it again.
 */
export function surveysRoutes({ db }: AppDeps): Router {
  const router = new Router();
  const limit = rateLimitByIp(db, 'feedback-link', FEEDBACK_LINK_RATE, TOO_MANY);

  router.get('/api/feedback/:token', limit, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readFeedback(db, ctx.params.token ?? '');
  });

  router.post('/api/feedback/:token', limit, validate({ body: feedbackAnswerSchema }), async (ctx) => {
    ctx.body = await answerFeedback(db, ctx.params.token ?? '', ctx.state.input.body);
  });

  router.get('/api/admin/settings/surveys', requirePermission('settings'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readSetting(db, surveysSetting);
  });

  router.put(
    '/api/admin/settings/surveys',
    requirePermission('settings'),
    validate({ body: surveySettingsSchema }),
    async (ctx) => {
      const actor = auditActorOf(ctx);
      ctx.body = await db.transaction((trx) => writeSetting(trx, surveysSetting, actor, ctx.state.input.body));
    },
  );

  router.get('/api/admin/service-requests/:id/survey', requirePermission('service_requests.work'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { survey: await surveyOf(db, { ticketId: await knownId(ctx.params.id, 'Service request') }) };
  });

  router.post('/api/admin/service-requests/:id/survey', requirePermission('service_requests.work'), async (ctx) => {
    const id = await knownId(ctx.params.id, 'Service request');
    ctx.body = { survey: await resendSurvey(db, { ticketId: id }) };
  });

  router.get('/api/admin/chat/conversations/:id/survey', requirePermission('chat'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { survey: await surveyOf(db, { chatConversationId: await knownId(ctx.params.id, 'Conversation') }) };
  });

  router.post('/api/admin/chat/conversations/:id/survey', requirePermission('chat'), async (ctx) => {
    const id = await knownId(ctx.params.id, 'Conversation');
    ctx.body = { survey: await resendSurvey(db, { chatConversationId: id }) };
  });

  /** An id that is a UUID (anything else is the same 404 as an unknown one). */
  async function knownId(id: string | undefined, what: 'Service request' | 'Conversation'): Promise<string> {
    const table = what === 'Service request' ? 'tickets' : 'chat_conversations';
    const found = id && isUuid(id) ? await db(table).where({ id }).first('id') : undefined;
    if (!found) throw new NotFound(`${what} not found`);
    return id!;
  }

  return router;
}
