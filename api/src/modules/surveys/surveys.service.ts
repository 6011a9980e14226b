import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { formatTicketNumber } from '@shared/schemas/tickets';
import {
  SURVEY_CHANGE_DAYS,
  SURVEY_QUESTION,
  surveySettingsSchema,
  type FeedbackView,
  type SurveySummary,
} from '@shared/schemas/surveys';
import { Conflict, NotFound } from '../../errors';
import { publish } from '../../live/publish';
import { enqueueMail, withdrawQueuedMail } from '../mail/outbox';
import { defineSetting, readSetting } from '../settings/settings.service';

/**
 * Satisfaction surveys (issue 26, decision 191). One survey per ticket and per
 * chat (`satisfaction_surveys`), created when the ticket is completed or the
 * chat closed, in that change's transaction, unless the `surveys` setting is
 * off:
 * - a ticket's is emailed at once;
 * - a chat's is asked in the widget when the visitor has it open (the chat's
 *   socket registry that delivers the closing to the visitor's socket calls askInWidget), and
 *   otherwise emailed a minute later (the email waits in the outbox and is
 *   withdrawn if the widget asked first).
 * Its link token is kept only as a SHA-256; asking again (the widget, a
 * resend) gives it a new token, so only the newest link works. The answer
 * (1–5, optional comment) may be changed for 7 days after the first one.
 */

export const surveysSetting = defineSetting('surveys', surveySettingsSchema, { enabled: true });

/** How long a chat's emailed survey waits for the widget to ask instead. */
export const WIDGET_GRACE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SURVEY_NOT_FOUND =
  'This feedback link is not valid. It may be mistyped, or a newer survey email replaced it.';
export const SURVEY_CLOSED = `This survey was answered more than ${SURVEY_CHANGE_DAYS} days ago and can no longer be changed. Thank you for your feedback!`;
export const SURVEYS_OFF = 'Satisfaction surveys are turned off in the settings';

export type SurveySubject = { ticketId: string } | { chatConversationId: string };

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

interface SurveyRow {
  id: string;
  ticketId: string | null;
  chatConversationId: string | null;
  userId: string | null;
  email: string | null;
  assigneeId: string | null;
  rating: number | null;
  comment: string | null;
  channel: 'widget' | 'email' | null;
  sentAt: Date | null;
  answeredAt: Date | null;
  changedAt: Date | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toSurveySummary(row: SurveyRow): SurveySummary {
  return {
    id: row.id,
    channel: row.channel,
    sentAt: iso(row.sentAt),
    rating: row.rating,
    comment: row.comment,
    answeredAt: iso(row.answeredAt),
    changedAt: iso(row.changedAt),
  };
}

export async function surveysEnabled(db: Knex | Knex.Transaction): Promise<boolean> {
  return (await readSetting(db, surveysSetting)).enabled;
}

/** Who a subject's survey goes to and what it is about. */
interface SubjectFacts {
  open: boolean;
  userId: string | null;
  email: string | null;
  assigneeId: string | null;
  name: string;
  about: string;
}

async function subjectFacts(db: Knex | Knex.Transaction, subject: SurveySubject): Promise<SubjectFacts | null> {
  if ('ticketId' in subject) {
    const row = (await db('tickets as sr')
      .leftJoin('users as u', 'u.id', 'sr.userId')
      .where('sr.id', subject.ticketId)
      .first(
        'sr.status',
        'sr.userId',
        'sr.email',
        'sr.assigneeId',
        'sr.name',
        'sr.number',
        'sr.service',
        'u.email as accountEmail',
      )) as
      | {
          status: string;
          userId: string | null;
          email: string | null;
          assigneeId: string | null;
          name: string;
          number: number;
          service: string;
          accountEmail: string | null;
        }
      | undefined;
    if (!row) return null;
    return {
      open: row.status !== 'completed',
      userId: row.userId,
      // The account's current address, else the one on the request (as reply emails do).
      email: row.accountEmail || row.email || null,
      assigneeId: row.assigneeId,
      name: row.name,
      about: `your request ${formatTicketNumber(row.number)} (${row.service})`,
    };
  }
  const row = (await db('chat_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.userId')
    .where('c.id', subject.chatConversationId)
    .first('c.status', 'c.userId', 'c.visitorEmail', 'c.assigneeId', 'c.visitorName', 'u.email as accountEmail')) as
    | {
        status: string;
        userId: string | null;
        visitorEmail: string | null;
        assigneeId: string | null;
        visitorName: string;
        accountEmail: string | null;
      }
    | undefined;
  if (!row) return null;
  return {
    open: row.status !== 'closed',
    userId: row.userId,
    email: row.visitorEmail || row.accountEmail || null,
    assigneeId: row.assigneeId,
    name: row.visitorName.trim() || 'there',
    about: 'your chat with us',
  };
}

const subjectWhere = (subject: SurveySubject) =>
  'ticketId' in subject ? { ticketId: subject.ticketId } : { chatConversationId: subject.chatConversationId };

const mailKey = (surveyId: string) => `satisfaction-survey:${surveyId}`;

/** Creates the subject's survey unless it has one; returns it when new. */
async function createSurvey(
  trx: Knex.Transaction,
  subject: SurveySubject,
  facts: SubjectFacts,
  tokenHash: string,
  channel: 'email' | null,
): Promise<SurveyRow | null> {
  const column = 'ticketId' in subject ? 'ticket_id' : 'chat_conversation_id';
  const id = 'ticketId' in subject ? subject.ticketId : subject.chatConversationId;
  const { rows } = await trx.raw<{ rows: SurveyRow[] }>(
    `insert into satisfaction_surveys (token_hash, ${column}, user_id, email, assignee_id, channel, sent_at)
     values (?, ?, ?, ?, ?, ?, ${channel ? 'now()' : 'null'})
     on conflict (${column}) where ${column} is not null do nothing
     returning id`,
    [tokenHash, id, facts.userId, facts.email, facts.assigneeId, channel],
  );
  return rows[0] ? ({ ...rows[0] } as SurveyRow) : null;
}

async function mailSurvey(
  trx: Knex.Transaction,
  surveyId: string,
  facts: SubjectFacts,
  token: string,
  options: { idempotencyKey: string; notBefore?: Date },
): Promise<void> {
  await enqueueMail(trx, {
    template: 'satisfaction-survey',
    to: facts.email!,
    data: { name: facts.name, about: facts.about, token },
    idempotencyKey: options.idempotencyKey,
    secrets: [token],
    ...(options.notBefore ? { notBefore: options.notBefore } : {}),
  });
}

/**
 * A ticket was completed (in the caller's transaction): its survey is emailed
 * to the client, once per ticket, when surveys are on and there is an address.
 */
export async function askAfterTicketCompleted(trx: Knex.Transaction, ticketId: string): Promise<void> {
  if (!(await surveysEnabled(trx))) return;
  const facts = await subjectFacts(trx, { ticketId });
  if (!facts?.email) return;
  const token = newToken();
  const survey = await createSurvey(trx, { ticketId }, facts, hashToken(token), 'email');
  if (survey) await mailSurvey(trx, survey.id, facts, token, { idempotencyKey: mailKey(survey.id) });
}

/**
 * A chat was closed (in the caller's transaction): its survey is created, to
 * be asked in the widget if the visitor has it open; the email (when there is
 * an address) waits WIDGET_GRACE_MS in the outbox and is withdrawn if so.
 */
export async function askAfterChatClosed(trx: Knex.Transaction, chatConversationId: string): Promise<void> {
  if (!(await surveysEnabled(trx))) return;
  const facts = await subjectFacts(trx, { chatConversationId });
  if (!facts) return;
  const token = newToken();
  const survey = await createSurvey(trx, { chatConversationId }, facts, hashToken(token), null);
  if (survey && facts.email) {
    await mailSurvey(trx, survey.id, facts, token, {
      idempotencyKey: mailKey(survey.id),
      notBefore: new Date(Date.now() + WIDGET_GRACE_MS),
    });
  }
}

/**
 * The chat's socket registry is showing the closing to the visitor's open widget (or the
 * widget opened on a closed chat): the survey is asked there instead of by
 * email (the queued email is withdrawn). It gets a new token each time (only
 * the hash is kept, so a widget that reloads needs a new one; a link that
 * slipped out no longer works). Returns the token for the widget's frame, or
 * null when there is nothing to ask: no survey (surveys off), already sent by
 * email (a resend), or answered.
 */
export async function askInWidget(db: Knex, chatConversationId: string): Promise<string | null> {
  const token = newToken();
  return db.transaction(async (trx) => {
    const row = (await trx('satisfaction_surveys')
      .where({ chatConversationId })
      .where((query) => query.whereNull('channel').orWhere('channel', 'widget'))
      .whereNull('answeredAt')
      .update({ tokenHash: hashToken(token), channel: 'widget', sentAt: trx.fn.now() })
      .returning('id')) as { id: string }[];
    if (!row[0]) return null;
    await withdrawQueuedMail(trx, mailKey(row[0].id));
    return token;
  });
}

/**
 * Staff send a subject's survey (again) by email: a new link (the old one
 * stops working). 409 when surveys are off, the ticket is not completed or
 * the chat not closed, the client already answered, or there is no address.
 */
export async function resendSurvey(db: Knex, subject: SurveySubject): Promise<SurveySummary> {
  return db.transaction(async (trx) => {
    if (!(await surveysEnabled(trx))) throw new Conflict(SURVEYS_OFF);
    const facts = await subjectFacts(trx, subject);
    if (!facts) {
      throw new NotFound('ticketId' in subject ? 'Service request not found' : 'Conversation not found');
    }
    if (facts.open) {
      throw new Conflict(
        'ticketId' in subject
          ? 'A survey is sent for a completed request only'
          : 'A survey is sent for a closed chat only',
      );
    }
    if (!facts.email) throw new Conflict('There is no email address to send the survey to');
    const token = newToken();
    let survey = (await trx('satisfaction_surveys').where(subjectWhere(subject)).forUpdate().first()) as
      SurveyRow | undefined;
    if (survey?.answeredAt) throw new Conflict('The client has already answered this survey');
    if (!survey) {
      const created = await createSurvey(trx, subject, facts, hashToken(token), 'email');
      survey = (await trx('satisfaction_surveys').where({ id: created!.id }).first()) as SurveyRow;
    } else {
      // The queued first email (if still waiting) would carry the old link.
      await withdrawQueuedMail(trx, mailKey(survey.id));
      [survey] = (await trx('satisfaction_surveys')
        .where({ id: survey.id })
        .update({ tokenHash: hashToken(token), channel: 'email', sentAt: trx.fn.now(), email: facts.email })
        .returning('*')) as SurveyRow[];
    }
    await mailSurvey(trx, survey!.id, facts, token, { idempotencyKey: `${mailKey(survey!.id)}:${randomUUID()}` });
    return toSurveySummary(survey!);
  });
}

/** The survey of a ticket or chat, for staff; null when none was sent. */
export async function surveyOf(db: Knex | Knex.Transaction, subject: SurveySubject): Promise<SurveySummary | null> {
  const row = (await db('satisfaction_surveys').where(subjectWhere(subject)).first()) as SurveyRow | undefined;
  return row ? toSurveySummary(row) : null;
}

async function surveyByToken(db: Knex | Knex.Transaction, token: string, forUpdate = false): Promise<SurveyRow> {
  if (!token || token.length > 200) throw new NotFound(SURVEY_NOT_FOUND);
  const query = db('satisfaction_surveys')
    .where({ tokenHash: hashToken(token) })
    .first();
  if (forUpdate) query.forUpdate();
  const row = (await query) as SurveyRow | undefined;
  if (!row) throw new NotFound(SURVEY_NOT_FOUND);
  return row;
}

const changeableUntil = (row: SurveyRow) =>
  row.answeredAt ? new Date(row.answeredAt.getTime() + SURVEY_CHANGE_DAYS * DAY_MS) : null;

function assertChangeable(row: SurveyRow): void {
  const until = changeableUntil(row);
  if (until && until.getTime() < Date.now()) throw new Conflict(SURVEY_CLOSED);
}

async function feedbackView(db: Knex | Knex.Transaction, row: SurveyRow): Promise<FeedbackView> {
  const subject: SurveySubject = row.ticketId
    ? { ticketId: row.ticketId }
    : { chatConversationId: row.chatConversationId! };
  const facts = await subjectFacts(db, subject);
  return {
    question: SURVEY_QUESTION,
    about: facts?.about ?? 'your contact with us',
    rating: row.rating,
    comment: row.comment,
    answeredAt: iso(row.answeredAt),
    changeableUntil: iso(changeableUntil(row)),
  };
}

/** GET /api/feedback/{token}: 404 for an unknown (or replaced) link, 409 once it can no longer be changed. */
export async function readFeedback(db: Knex, token: string): Promise<FeedbackView> {
  const row = await surveyByToken(db, token);
  assertChangeable(row);
  return feedbackView(db, row);
}

/**
 * POST /api/feedback/{token}: the answer, or a change of it within 7 days of
 * the first. The ticket's or chat's staff hear of it live.
 */
export async function answerFeedback(
  db: Knex,
  token: string,
  answer: { rating: number; comment?: string | null },
): Promise<FeedbackView> {
  return db.transaction(async (trx) => {
    const row = await surveyByToken(trx, token, true);
    assertChangeable(row);
    const [updated] = (await trx('satisfaction_surveys')
      .where({ id: row.id })
      .update({
        rating: answer.rating,
        comment: answer.comment || null,
        answeredAt: row.answeredAt ?? trx.fn.now(),
        changedAt: row.answeredAt ? trx.fn.now() : null,
      })
      .returning('*')) as SurveyRow[];
    if (row.ticketId) {
      await publish(trx, 'staff', { kind: 'service_request.updated', id: row.ticketId });
    } else {
      await publish(trx, 'staff', { kind: 'chat.updated', id: row.chatConversationId! });
    }
    return feedbackView(trx, updated!);
  });
}

/** A customer's answered surveys, newest first (their timeline in the console). */
export async function answeredSurveysOf(
  db: Knex,
  userId: string,
  limit: number,
): Promise<(SurveySummary & { ticketId: string | null; chatConversationId: string | null })[]> {
  const rows = (await db('satisfaction_surveys')
    .where({ userId })
    .whereNotNull('answeredAt')
    .orderBy('answeredAt', 'desc')
    .limit(limit)) as SurveyRow[];
  return rows.map((row) => ({
    ...toSurveySummary(row),
    ticketId: row.ticketId,
    chatConversationId: row.chatConversationId,
  }));
}
