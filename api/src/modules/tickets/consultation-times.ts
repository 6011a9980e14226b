import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  formatTicketNumber,
  type ConsultationLinkView,
  type ConsultationProposalInput,
  type TicketThread,
} from '@shared/schemas/tickets';
import { CONSULTATION_MAX_DAYS_AHEAD } from '@shared/tickets';
import { company } from '@shared/site/company';
import { formatInZone, zonedTimeToInstant } from '@shared/time-zones';
import { BadRequest, Conflict, Forbidden, Gone, NotFound } from '../../errors';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import { User } from '../users/user.model';
import { calendarFile } from './calendar-file';
import { publish } from '../../live/publish';
import { recordTicketEvent, type TicketActor } from './ticket-events';
import {
  CONSULTATION_COLUMNS,
  TICKET_COLUMNS,
  TICKET_FROM,
  toConsultationView,
  type ConsultationRow,
  type TicketRow,
} from './ticket-rows';
import { currentConsultation, readThread, ticketFor } from './ticket-thread';

/**
 * Scheduling a paid consultation: staff propose a time (the open proposal, if
 * any, is withdrawn), the client confirms it, and both get a calendar file.
 */

/** Staff propose a time for a paid consultation ticket; the client is emailed a link to confirm it. */
export async function proposeConsultation(
  db: Knex,
  id: string,
  staff: User,
  input: ConsultationProposalInput,
  now = Date.now(),
): Promise<TicketThread> {
  const instant = zonedTimeToInstant(input.date, input.time, input.timeZone);
  if (instant === null)
    throw new BadRequest(
      `time: ${input.time} does not exist on ${input.date} in ${input.timeZone} (the clocks change)`,
    );
  if (instant <= now) throw new BadRequest('date: the proposed time has already passed');
  // Days, not hours: the last day the staff's calendar offers (today + the maximum) counts in full.
  if (instant > now + (CONSULTATION_MAX_DAYS_AHEAD + 1) * DAY_MS) {
    throw new BadRequest(`date: propose a time within the next ${CONSULTATION_MAX_DAYS_AHEAD} days`);
  }
  // One transaction from the proposal to the answer read back: a request that fails stores and mails nothing.
  return db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, staff, { forUpdate: true });
    if (!row.paid) throw new Conflict('Only a paid consultation can be scheduled');
    if (row.status === 'cancelled' || row.status === 'completed') {
      throw new Conflict(`The request is ${row.status}; reopen it before scheduling`);
    }
    await trx('consultation_proposals')
      .where({ ticketId: row.id })
      .whereIn('status', ['proposed', 'confirmed'])
      .update({ status: 'withdrawn' });
    // The mail's one-click link: only its hash is kept; it works until the time itself or for CONFIRM_LINK_DAYS.
    const confirmToken = randomBytes(32).toString('base64url');
    const [proposal] = await trx('consultation_proposals')
      .insert({
        ticketId: row.id,
        startsAt: new Date(instant),
        timeZone: input.timeZone,
        durationMinutes: input.durationMinutes,
        proposedBy: staff.id,
        confirmTokenHash: hashToken(confirmToken),
        confirmTokenExpiresAt: new Date(Math.min(instant, now + CONFIRM_LINK_DAYS * DAY_MS)),
      })
      .returning<{ id: string }[]>('id');
    const when = formatInZone(instant, input.timeZone);
    await recordTicketEvent(
      trx,
      row.id,
      { type: 'staff', user: staff },
      { kind: 'consultation_proposed', message: `${when}, ${input.durationMinutes} minutes` },
    );
    const to = await clientAddress(trx, row);
    if (to) {
      await enqueueMail(trx, {
        template: 'consultation-proposed',
        to,
        data: {
          requestId: row.id,
          ticketNumber: formatTicketNumber(row.number),
          name: row.name,
          startsAt: new Date(instant).toISOString(),
          timeZone: input.timeZone,
          durationMinutes: input.durationMinutes,
          confirmToken,
        },
        // One mail per proposal: each carries the link of its own proposal.
        idempotencyKey: `consultation-proposed:${row.id}:${proposal!.id}`,
        secrets: [confirmToken],
        thread: { kind: 'ticket', id: row.id },
      });
    }
    await publish(trx, 'staff', { kind: 'consultation.proposed', id: row.id });
    return readThread(trx, id, staff);
  });
}

async function clientAddress(trx: Knex.Transaction, row: TicketRow): Promise<string | null> {
  if (row.userId) {
    const user = (await trx('users').select('email').where({ id: row.userId }).first()) as
      { email: string | null } | undefined;
    if (user?.email) return user.email;
  }
  return row.email || null;
}

/** The client confirms the proposed time in the portal; they and staff are emailed with the calendar file. */
export async function confirmConsultation(
  db: Knex,
  id: string,
  client: User,
  mail: StaffAlertSettings,
): Promise<TicketThread> {
  if (client.isStaff) throw new Forbidden('Only the client can confirm the time');
  return db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, client, { forUpdate: true });
    const proposal = await currentConsultation(trx, row.id);
    if (!proposal) throw new Conflict('There is no proposed time to confirm');
    if (proposal.status === 'confirmed') throw new Conflict(ALREADY_CONFIRMED);
    await confirmProposal(trx, row, proposal, { type: 'client', user: client }, mail);
    return readThread(trx, id, client);
  });
}

/** How long the one-click link of a proposal works at most (it never works past the proposed time itself). */
export const CONFIRM_LINK_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const UNCALENDARABLE = 'This consultation time is not a date a calendar can hold; propose a new time';
const ALREADY_CONFIRMED = 'This time is already confirmed';
export const CONFIRM_LINK_MESSAGES = {
  invalid: 'This confirmation link is not valid. Open the request in your portal to confirm the time.',
  replaced: 'A newer time was proposed for this consultation. Use the link in the latest email, or open your portal.',
  expired: 'This confirmation link has expired. Open the request in your portal and we will find another time.',
  closed: 'This request is closed, so its consultation time can no longer be confirmed.',
} as const;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

interface LinkProposalRow extends ConsultationRow {
  ticketId: string;
  expiresAt: Date;
  withdrawn: boolean;
}

/**
 * The proposal a one-click link is for, if the link can still confirm it:
 * unknown → 404, replaced by a newer time or past its expiry → 410, already
 * confirmed → 409. Reads only (the page shows the time before the button).
 */
async function linkProposal(db: Knex | Knex.Transaction, token: string, forUpdate = false): Promise<LinkProposalRow> {
  const query = db('consultation_proposals')
    .select(
      db.raw(`${CONSULTATION_COLUMNS}, ticket_id as "ticketId",
        confirm_token_expires_at as "expiresAt", status = 'withdrawn' as withdrawn`),
    )
    .where({ confirmTokenHash: hashToken(token) })
    .first();
  if (forUpdate) query.forUpdate();
  const row = (await query) as LinkProposalRow | undefined;
  if (!row) throw new NotFound(CONFIRM_LINK_MESSAGES.invalid);
  if (row.withdrawn) throw new Gone(CONFIRM_LINK_MESSAGES.replaced);
  if (row.status === 'confirmed') throw new Conflict(ALREADY_CONFIRMED);
  if (new Date(row.expiresAt).getTime() <= Date.now()) throw new Gone(CONFIRM_LINK_MESSAGES.expired);
  return row;
}

async function linkTicket(db: Knex | Knex.Transaction, requestId: string, forUpdate = false): Promise<TicketRow> {
  const query = db
    .select(db.raw(`${TICKET_COLUMNS}, sr.message`))
    .from(db.raw(TICKET_FROM))
    .where('sr.id', requestId)
    .first();
  if (forUpdate) query.forUpdate('sr');
  const row = (await query) as TicketRow | undefined;
  if (!row) throw new NotFound(CONFIRM_LINK_MESSAGES.invalid);
  if (row.status === 'cancelled' || row.status === 'completed') throw new Conflict(CONFIRM_LINK_MESSAGES.closed);
  return row;
}

/** What the one-click link's page shows before its button: the proposed time (nothing changes). */
export async function consultationLink(db: Knex, token: string): Promise<ConsultationLinkView> {
  const proposal = await linkProposal(db, token);
  const row = await linkTicket(db, proposal.ticketId);
  return { name: row.name, consultation: toConsultationView(proposal) };
}

/**
 * The one-click link's button: confirms the proposed time without logging in
 * (the token in the body is the proof), as the ticket's client; once.
 */
export async function confirmConsultationByLink(
  db: Knex,
  token: string,
  mail: StaffAlertSettings,
): Promise<ConsultationLinkView> {
  return db.transaction(async (trx) => {
    // The ticket first, as every other change to it locks it, then the proposal (a newer one may have replaced it).
    const found = await linkProposal(trx, token);
    const row = await linkTicket(trx, found.ticketId, true);
    const proposal = await linkProposal(trx, token, true);
    const client = row.userId ? await User.query(trx).findById(row.userId) : undefined;
    const actor: TicketActor = client
      ? { type: 'client', user: client }
      : { type: 'system', name: `${row.name} (email link)` };
    await confirmProposal(trx, row, proposal, actor, mail);
    const confirmed = (await currentConsultation(trx, row.id))!;
    return { name: row.name, consultation: toConsultationView(confirmed) };
  });
}

/** Marks the proposal confirmed, records it, and mails both sides the calendar file. */
async function confirmProposal(
  trx: Knex.Transaction,
  row: TicketRow,
  proposal: ConsultationRow,
  actor: TicketActor,
  mail: StaffAlertSettings,
): Promise<void> {
  await trx('consultation_proposals')
    .where({ id: proposal.id })
    .update({ status: 'confirmed', confirmedAt: trx.fn.now() });
  const view = toConsultationView(proposal);
  await recordTicketEvent(trx, row.id, actor, {
    kind: 'consultation_confirmed',
    message: formatInZone(view.startsAt, view.timeZone),
  });
  const data = {
    requestId: row.id,
    ticketNumber: formatTicketNumber(row.number),
    name: row.name,
    startsAt: view.startsAt,
    timeZone: view.timeZone,
    durationMinutes: view.durationMinutes,
  };
  // Both sides get the calendar file with their mail.
  const attachments = [
    {
      filename: 'consultation.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(consultationIcs(row, proposal), 'utf8'),
    },
  ];
  const to = await clientAddress(trx, row);
  if (to) {
    await enqueueMail(trx, {
      template: 'consultation-confirmed',
      to,
      data: { ...data, forStaff: false },
      idempotencyKey: `consultation-confirmed:${proposal.id}`,
      attachments,
      thread: { kind: 'ticket', id: row.id },
    });
  }
  await enqueueStaffAlert(trx, mail, 'service_requests.work', {
    template: 'consultation-confirmed',
    data: { ...data, forStaff: true },
    idempotencyKey: `staff-consultation-confirmed:${proposal.id}`,
    attachments,
    ...(to ? { replyTo: to } : {}),
  });
  await publish(trx, 'staff', { kind: 'consultation.confirmed', id: row.id });
}

/** The calendar file of a ticket's consultation (proposed or confirmed), for its client or staff. */
export async function consultationCalendar(db: Knex, id: string, caller: User): Promise<string> {
  const row = await ticketFor(db, id, caller);
  const proposal = await currentConsultation(db, row.id);
  if (!proposal) throw new NotFound('No consultation time has been proposed');
  return consultationIcs(row, proposal);
}

export function consultationIcs(row: Pick<TicketRow, 'id' | 'name'>, proposal: ConsultationRow): string {
  const view = toConsultationView(proposal);
  // A time stored before proposals were bounded may lie past what a calendar file can write (year 9999).
  if (!/^\d{4}-/.test(view.endsAt)) throw new Conflict(UNCALENDARABLE);
  return calendarFile({
    uid: `consultation-${row.id}@northstar-it`,
    start: new Date(view.startsAt),
    end: new Date(view.endsAt),
    summary: `${company.name} technical consultation`,
    description: `Technical consultation with ${row.name}, ${formatInZone(view.startsAt, view.timeZone)}. We will call you at the time above.`,
    organizer: { name: company.name, email: company.email },
  });
}
