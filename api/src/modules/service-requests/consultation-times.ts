import type { Knex } from 'knex';
import type { ConsultationProposalInput, ServiceRequestThread } from '@shared/schemas/service-requests';
import { company } from '@shared/site/company';
import { formatInZone, zonedTimeToInstant } from '@shared/time-zones';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import type { User } from '../users/user.model';
import { calendarFile } from './calendar-file';
import { publishStaffEvent } from '../staff-events/staff-events';
import { recordTicketEvent } from './ticket-events';
import { toConsultationView, type ConsultationRow, type TicketRow } from './ticket-rows';
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
): Promise<ServiceRequestThread> {
  const instant = zonedTimeToInstant(input.date, input.time, input.timeZone);
  if (instant === null)
    throw new BadRequest(
      `time: ${input.time} does not exist on ${input.date} in ${input.timeZone} (the clocks change)`,
    );
  if (instant <= now) throw new BadRequest('date: the proposed time has already passed');
  await db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, staff, { forUpdate: true });
    if (!row.paid) throw new Conflict('Only a paid consultation can be scheduled');
    if (row.status === 'cancelled' || row.status === 'completed') {
      throw new Conflict(`The request is ${row.status}; reopen it before scheduling`);
    }
    await trx('consultation_proposals')
      .where({ serviceRequestId: row.id })
      .whereIn('status', ['proposed', 'confirmed'])
      .update({ status: 'withdrawn' });
    await trx('consultation_proposals').insert({
      serviceRequestId: row.id,
      startsAt: new Date(instant),
      timeZone: input.timeZone,
      durationMinutes: input.durationMinutes,
      proposedBy: staff.id,
    });
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
          name: row.name,
          startsAt: new Date(instant).toISOString(),
          timeZone: input.timeZone,
          durationMinutes: input.durationMinutes,
        },
        idempotencyKey: `consultation-proposed:${row.id}:${instant}:${input.timeZone}:${input.durationMinutes}`,
      });
    }
    await publishStaffEvent(trx, { kind: 'consultation.proposed', id: row.id });
  });
  return readThread(db, id, staff);
}

async function clientAddress(trx: Knex.Transaction, row: TicketRow): Promise<string | null> {
  if (row.userId) {
    const user = (await trx('users').select('email').where({ id: row.userId }).first()) as
      { email: string | null } | undefined;
    if (user?.email) return user.email;
  }
  return row.email || null;
}

/** The client confirms the proposed time; they and staff are emailed with the calendar file. */
export async function confirmConsultation(
  db: Knex,
  id: string,
  client: User,
  mail: StaffAlertSettings,
): Promise<ServiceRequestThread> {
  if (client.isStaff) throw new Forbidden('Only the client can confirm the time');
  await db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, client, { forUpdate: true });
    const proposal = await currentConsultation(trx, row.id);
    if (!proposal) throw new Conflict('There is no proposed time to confirm');
    if (proposal.status === 'confirmed') throw new Conflict('This time is already confirmed');
    await trx('consultation_proposals')
      .where({ id: proposal.id })
      .update({ status: 'confirmed', confirmedAt: trx.fn.now() });
    const view = toConsultationView(proposal);
    await recordTicketEvent(
      trx,
      row.id,
      { type: 'client', user: client },
      { kind: 'consultation_confirmed', message: formatInZone(view.startsAt, view.timeZone) },
    );
    const data = {
      requestId: row.id,
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
      });
    }
    await enqueueStaffAlert(trx, mail, {
      template: 'consultation-confirmed',
      data: { ...data, forStaff: true },
      idempotencyKey: `staff-consultation-confirmed:${proposal.id}`,
      attachments,
      ...(to ? { replyTo: to } : {}),
    });
    await publishStaffEvent(trx, { kind: 'consultation.confirmed', id: row.id });
  });
  return readThread(db, id, client);
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
  return calendarFile({
    uid: `consultation-${row.id}@northstar-it`,
    start: new Date(view.startsAt),
    end: new Date(view.endsAt),
    summary: `${company.name} technical consultation`,
    description: `Technical consultation with ${row.name}, ${formatInZone(view.startsAt, view.timeZone)}. We will call you at the time above.`,
    organizer: { name: company.name, email: company.email },
  });
}
