import type { Knex } from 'knex';
import { formatTicketNumber, type TicketSummary } from '@shared/schemas/tickets';
import type { Priority } from '@shared/schemas/support';
import { publish } from '../../live/publish';
import { refreshTicketClock } from '../service-levels/clocks';
import { defaultPriorityFor } from '../settings/plan-priorities';
import { Ticket } from './ticket.model';
import { recordTicketEvent } from './ticket-events';

const LIST_LIMIT = 100;

interface NewTicket {
  userId: string | null;
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  service: string;
  message: string;
  /** The payment that bought it (a paid consultation): one payment makes at most one request. */
  providerPaymentId?: string;
  /** The enquiry it came from: an enquiry becomes at most one request. */
  enquiryId?: string;
  /** The chat it came from: a chat becomes at most one request. */
  chatConversationId?: string;
  /** The accepted quote it carries out (its project): a quote becomes at most one request. */
  quoteId?: string;
  /** Who works on it from the start (the staff member who sent the quote), recorded as an assignment. */
  assignee?: { id: string; name: string } | null;
  /**
   * Text for staff only (a payment id, what to do next): an internal note by the system, never part of the
   * description the client reads (decision 181).
   */
  staffNote?: { author: string; message: string };
  /** How urgent (e.g. the chat it came from); else its client's plan's default priority, else normal. */
  priority?: Priority;
}

/**
 * Adds a pending request, inside the caller's transaction, and returns its
 * id. A request for a payment or a quote that already has one is not added
 * again (the payment id and the quote id are unique): then the answer is null.
 */
export async function createTicket(trx: Knex.Transaction, request: NewTicket): Promise<string | null> {
  // The query builder, not the model: with `on conflict do nothing` it tells whether a row was added.
  const { staffNote, assignee, priority, ...fields } = request;
  const insert = trx('tickets')
    .insert({
      ...fields,
      assigneeId: assignee?.id ?? null,
      status: 'pending',
      priority: priority ?? (await defaultPriorityFor(trx, request.userId)),
    })
    .returning<{ id: string }[]>('id');
  const unique = request.providerPaymentId ? 'provider_payment_id' : request.quoteId ? 'quote_id' : null;
  const inserted = await (unique ? insert.onConflict(unique).ignore() : insert);
  // Staff consoles hear of it on commit (decision 100); a payment's second report adds nothing and says nothing.
  for (const { id } of inserted) {
    if (assignee)
      await recordTicketEvent(trx, id, { type: 'system', name: 'Quotes' }, { kind: 'assignment', assignee });
    if (staffNote)
      await recordTicketEvent(
        trx,
        id,
        { type: 'system', name: staffNote.author },
        { kind: 'note', message: staffNote.message },
      );
    // Its service-level clocks start now (decision 192).
    await refreshTicketClock(trx, id);
    await publish(trx, 'staff', { kind: 'service_request.created', id });
  }
  return inserted[0]?.id ?? null;
}

/** The caller's service requests, newest first. */
export async function listOwnTickets(db: Knex, userId: string): Promise<TicketSummary[]> {
  const requests = await Ticket.query(db)
    .select('id', 'number', 'service', 'status', 'createdAt')
    .where({ userId })
    .orderBy('createdAt', 'desc')
    .limit(LIST_LIMIT);
  return requests.map(toTicketSummary);
}

/** A service request as its owner sees it. */
function toTicketSummary(request: Ticket): TicketSummary {
  return {
    id: request.id,
    number: formatTicketNumber(request.number),
    service: request.service,
    status: request.status,
    createdAt: new Date(request.createdAt).toISOString(),
  };
}

/** The service request a chat was turned into, if any (decision 114). */
export async function requestIdFromChat(db: Knex | Knex.Transaction, conversationId: string): Promise<string | null> {
  const row = (await db('tickets').select('id').where({ chatConversationId: conversationId }).first()) as
    { id: string } | undefined;
  return row?.id ?? null;
}

/** The service request an enquiry was turned into, if any. */
export async function requestIdFromEnquiry(db: Knex | Knex.Transaction, enquiryId: string): Promise<string | null> {
  const row = (await db('tickets').select('id').where({ enquiryId }).first()) as { id: string } | undefined;
  return row?.id ?? null;
}
