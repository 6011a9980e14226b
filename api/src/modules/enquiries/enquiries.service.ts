import type { Knex } from 'knex';
import type {
  EnquiryDetail,
  EnquiryListQuery,
  EnquiryPage,
  EnquiryStatus,
  EnquirySummary,
} from '@shared/schemas/enquiries';
import { hasPlaceholder, UNFILLED_PLACEHOLDER_MESSAGE } from '@shared/canned-replies';
import { isUuid } from '@shared/schemas/text';
import { createdMicrosSql, decodeCursor, pageOf, prefixTsQuery, seekPage } from '../../db/keyset';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { enqueueMail } from '../mail/outbox';
import { createTicket, requestIdFromEnquiry } from '../tickets/tickets.service';
import { publish } from '../../live/publish';
import type { User } from '../users/user.model';
import { toIso } from '../../db/instants';

/**
 * The staff inbox of contact enquiries: list, read, reply by email (through
 * the outbox), close, and turn into a service request.
 */

const NOT_FOUND = 'Enquiry not found';
const PREVIEW_LENGTH = 140;

interface EnquiryRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  service: string;
  message: string;
  status: EnquiryStatus;
  kind: 'enquiry' | 'quote_request';
  items: { productId: string; name: string; quantity: number }[] | null;
  repliedAt: Date | null;
  createdAt: Date;
  inboundEmailId: string | null;
  earlierThreadKind: 'ticket' | 'enquiry' | 'quote' | null;
  earlierThreadId: string | null;
}

const ENQUIRY_COLUMNS = `m.id, m.name, m.email, m.phone, m.company, m.service, m.message, m.status, m.kind, m.items,
  m.replied_at as "repliedAt", m.created_at as "createdAt", m.inbound_email_id as "inboundEmailId",
  m.earlier_thread_kind as "earlierThreadKind", m.earlier_thread_id as "earlierThreadId"`;

function toEnquirySummary(row: EnquiryRow): EnquirySummary {
  const flat = row.message.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    service: row.service,
    kind: row.kind,
    status: row.status,
    preview: flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat,
    createdAt: toIso(row.createdAt),
  };
}

/** Enquiries newest first, filtered and searched, one keyset page at a time. */
export async function listEnquiries(db: Knex, query: EnquiryListQuery): Promise<EnquiryPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const builder = db
    .select(db.raw(`${ENQUIRY_COLUMNS}, ${createdMicrosSql('m')} as "createdMicros"`))
    .from('enquiries as m');
  seekPage(builder, 'm', cursor, query.limit);
  if (query.status) builder.where('m.status', query.status);
  if (query.kind) builder.where('m.kind', query.kind);
  if (query.service) builder.where('m.service', query.service);
  if (query.q) {
    if (isUuid(query.q)) builder.where('m.id', query.q);
    else {
      const tsQuery = prefixTsQuery(query.q);
      if (tsQuery) builder.whereRaw(`m.search @@ to_tsquery('simple', ?)`, [tsQuery]);
    }
  }
  const rows = (await builder) as (EnquiryRow & { createdMicros: string })[];
  const { page, nextCursor } = pageOf(rows, query.limit, cursor);
  return { enquiries: page.map(toEnquirySummary), nextCursor };
}

async function enquiryRow(db: Knex | Knex.Transaction, id: string, forUpdate = false): Promise<EnquiryRow> {
  if (!isUuid(id)) throw new NotFound(NOT_FOUND);
  const query = db.select(db.raw(ENQUIRY_COLUMNS)).from('enquiries as m').where('m.id', id).first();
  if (forUpdate) query.forUpdate();
  const row = (await query) as EnquiryRow | undefined;
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

/**
 * The client account whose email is the enquirer's, if that address is
 * verified. Sign-up proves nothing about an address: anyone can register
 * someone else's, and must not be handed their enquiries (decision 155).
 * Without a verified match the ticket stays unlinked, and staff may link it
 * deliberately (ticket-client-link.ts).
 */
export async function matchingClient(db: Knex | Knex.Transaction, email: string): Promise<string | null> {
  const row = (await db('users')
    .select('id')
    .whereRaw('lower(email) = lower(?)', [email])
    .where({ accountType: 'client' })
    .whereNotNull('emailVerifiedAt')
    .first()) as { id: string } | undefined;
  return row?.id ?? null;
}

/** One enquiry with its replies, the request it became, and the matching client account. */
export async function readEnquiry(db: Knex | Knex.Transaction, id: string): Promise<EnquiryDetail> {
  const row = await enquiryRow(db, id);
  const [replies, requestId, clientId] = await Promise.all([
    db('enquiry_replies')
      .select('id', 'authorName', 'message', 'createdAt', 'fromClient', 'inboundEmailId', 'differentAddress')
      .where({ enquiryId: row.id })
      .orderBy([
        { column: 'createdAt', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]) as Promise<
      {
        id: string;
        authorName: string;
        message: string;
        createdAt: Date;
        fromClient: boolean;
        inboundEmailId: string | null;
        differentAddress: string | null;
      }[]
    >,
    requestIdFromEnquiry(db, row.id),
    matchingClient(db, row.email),
  ]);
  return {
    ...toEnquirySummary(row),
    phone: row.phone,
    message: row.message,
    items: row.items ?? [],
    repliedAt: toIso(row.repliedAt),
    serviceRequestId: requestId,
    clientId,
    replies: replies.map(({ inboundEmailId, differentAddress, ...reply }) => ({
      ...reply,
      createdAt: toIso(reply.createdAt),
      email: inboundEmailId || differentAddress ? { inboundEmailId, differentAddress } : null,
    })),
    receivedEmail:
      row.inboundEmailId || row.earlierThreadId
        ? {
            inboundEmailId: row.inboundEmailId,
            earlierThread:
              row.earlierThreadKind && row.earlierThreadId
                ? { kind: row.earlierThreadKind, id: row.earlierThreadId }
                : null,
          }
        : null,
  };
}

/** A staff reply: recorded, emailed to the enquirer through the outbox, and the enquiry is replied. */
export async function replyToEnquiry(db: Knex, id: string, staff: User, message: string): Promise<EnquiryDetail> {
  // A canned reply's placeholder left unfilled never reaches the enquirer as braces (decision 188).
  if (hasPlaceholder(message)) throw new BadRequest(UNFILLED_PLACEHOLDER_MESSAGE);
  await db.transaction(async (trx) => {
    const row = await enquiryRow(trx, id, true);
    const [reply] = (await trx('enquiry_replies')
      .insert({
        enquiryId: row.id,
        authorId: staff.id,
        authorName: staff.displayName,
        message,
        // After any reply that held the row lock before this one.
        createdAt: trx.raw('clock_timestamp()'),
      })
      .returning('id')) as { id: string }[];
    await trx('enquiries').where({ id: row.id }).update({ status: 'replied', repliedAt: trx.fn.now() });
    await enqueueMail(trx, {
      template: 'enquiry-reply',
      to: row.email,
      data: {
        name: row.name,
        service: row.service,
        reply: message,
        staffName: staff.displayName,
        original: row.message,
      },
      idempotencyKey: `enquiry-reply:${reply!.id}`,
      thread: { kind: 'enquiry', id: row.id },
    });
    await publish(trx, 'staff', { kind: 'enquiry.updated', id: row.id });
  });
  return readEnquiry(db, id);
}

/** Staff close an enquiry that needs nothing more, or open it again. */
export async function setEnquiryStatus(db: Knex, id: string, status: EnquiryStatus): Promise<EnquiryDetail> {
  await db.transaction(async (trx) => {
    const row = await enquiryRow(trx, id, true);
    if (row.status === status) throw new Conflict(`The enquiry is already ${status}`);
    if (status === 'replied' && !row.repliedAt) throw new Conflict('Reply to the enquiry to mark it replied');
    await trx('enquiries').where({ id: row.id }).update({ status });
    await publish(trx, 'staff', { kind: 'enquiry.updated', id: row.id });
  });
  return readEnquiry(db, id);
}

/**
 * Turns an enquiry into a service request (once): linked to the client
 * account whose verified email is the enquirer's, if there is one; the
 * enquiry is closed.
 */
export async function convertEnquiry(db: Knex, id: string, actor: AuditActor): Promise<{ serviceRequestId: string }> {
  const requestId = await db.transaction(async (trx) => {
    const row = await enquiryRow(trx, id, true);
    if (await requestIdFromEnquiry(trx, row.id)) throw new Conflict('This enquiry is already a service request');
    const clientId = await matchingClient(trx, row.email);
    const created = await createTicket(trx, {
      userId: clientId,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      service: row.service,
      message: row.message,
      enquiryId: row.id,
    });
    await trx('enquiries').where({ id: row.id }).update({ status: 'closed' });
    await recordAudit(trx, actor, {
      action: 'enquiry.converted',
      recordType: 'enquiry',
      recordId: row.id,
      before: { status: row.status, serviceRequestId: null },
      after: { status: 'closed', serviceRequestId: created!, clientId },
    });
    await publish(trx, 'staff', { kind: 'enquiry.updated', id: row.id });
    return created!;
  });
  return { serviceRequestId: requestId };
}

export interface EmailedEnquiryReply {
  message: string;
  /** The sender's name from the From header; the enquirer's name when it has none. */
  senderName: string | null;
  inboundEmailId: string;
  differentAddress: string | null;
  /** A closed enquiry older than this takes no reply (a new enquiry links it instead). */
  reopenDays: number;
}

/**
 * The enquirer's reply by email (docs/inbound-email.md): kept with the staff replies, marked as theirs, and the
 * enquiry is new again (it needs an answer); staff hear of it live. An enquiry turned into a request sends the
 * reply to the request (`becameRequest`); a closed one older than `reopenDays` takes none.
 */
export async function addEmailedEnquiryReply(
  trx: Knex.Transaction,
  enquiryId: string,
  reply: EmailedEnquiryReply,
): Promise<{ landed: true } | { landed: false; reason: 'unknown' | 'closed' } | { becameRequest: string }> {
  const row = (await trx('enquiries')
    .select('id', 'name', 'status', 'createdAt', 'repliedAt')
    .where({ id: enquiryId })
    .forUpdate()
    .first()) as
    { id: string; name: string; status: EnquiryStatus; createdAt: Date; repliedAt: Date | null } | undefined;
  if (!row) return { landed: false, reason: 'unknown' };
  const requestId = await requestIdFromEnquiry(trx, row.id);
  if (requestId) return { becameRequest: requestId };
  const lastActivity = Math.max(
    new Date(row.createdAt).getTime(),
    row.repliedAt ? new Date(row.repliedAt).getTime() : 0,
  );
  if (row.status === 'closed' && lastActivity < Date.now() - reply.reopenDays * 86_400_000) {
    return { landed: false, reason: 'closed' };
  }
  await trx('enquiry_replies').insert({
    enquiryId: row.id,
    authorId: null,
    authorName: reply.senderName || row.name,
    message: reply.message,
    fromClient: true,
    inboundEmailId: reply.inboundEmailId,
    differentAddress: reply.differentAddress,
    createdAt: trx.raw('clock_timestamp()'),
  });
  await trx('enquiries').where({ id: row.id }).update({ status: 'new' });
  await publish(trx, 'staff', { kind: 'enquiry.updated', id: row.id });
  return { landed: true };
}
