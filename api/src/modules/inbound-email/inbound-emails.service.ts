import type { Knex } from 'knex';
import type { InboundEmailView } from '@shared/schemas/inbound-email';
import { toIso } from '../../db/instants';
import { filesOfInboundEmail } from './inbound-attachments';
import type { ParsedSummary } from './receive-email';

/** The most of the raw message shown as text on the page; the whole is a download (…/raw). */
const RAW_TEXT_MAX = 1024 * 1024;

interface InboundEmailRow {
  id: string;
  messageId: string;
  source: 'smtp' | 'webhook';
  envelopeFrom: string | null;
  sender: string;
  subject: string;
  size: number;
  parsed: ParsedSummary;
  outcome: InboundEmailView['outcome'];
  threadKind: 'ticket' | 'enquiry' | 'quote' | null;
  threadId: string | null;
  linkedThreadKind: 'ticket' | 'enquiry' | 'quote' | null;
  linkedThreadId: string | null;
  differentAddress: boolean;
  automatic: boolean;
  receivedAt: Date;
  raw: Buffer;
}

/** One received email for staff: what it was, what became of it, its text, files, and the raw message. */
export async function findInboundEmail(db: Knex, id: string): Promise<InboundEmailView | null> {
  const row = (await db('inbound_emails')
    .select(
      'id',
      'messageId',
      'source',
      'envelopeFrom',
      'sender',
      'subject',
      'size',
      'parsed',
      'outcome',
      'threadKind',
      'threadId',
      'linkedThreadKind',
      'linkedThreadId',
      'differentAddress',
      'automatic',
      'receivedAt',
      db.raw('substring(raw from 1 for ?) as raw', [RAW_TEXT_MAX]),
    )
    .where({ id })
    .first()) as InboundEmailRow | undefined;
  if (!row) return null;
  return {
    id: row.id,
    messageId: row.messageId,
    source: row.source,
    envelopeFrom: row.envelopeFrom,
    from: row.parsed.from,
    to: row.parsed.to,
    cc: row.parsed.cc,
    subject: row.subject,
    size: row.size,
    receivedAt: toIso(row.receivedAt)!,
    outcome: row.outcome,
    thread: row.threadKind && row.threadId ? { kind: row.threadKind, id: row.threadId } : null,
    linkedThread:
      row.linkedThreadKind && row.linkedThreadId ? { kind: row.linkedThreadKind, id: row.linkedThreadId } : null,
    differentAddress: row.differentAddress,
    automatic: row.parsed.automatic,
    bounce: row.parsed.bounce,
    text: row.parsed.text,
    replyText: row.parsed.replyText,
    attachments: row.parsed.attachments,
    files: await filesOfInboundEmail(db, row.id),
    rawText: row.raw.toString('utf8').replaceAll('\u0000', ''),
    rawTruncated: row.size > RAW_TEXT_MAX,
  };
}

/** The raw message as received. */
export async function inboundEmailRaw(db: Knex, id: string): Promise<Buffer | null> {
  const row = (await db('inbound_emails').select('raw').where({ id }).first()) as { raw: Buffer } | undefined;
  return row?.raw ?? null;
}
