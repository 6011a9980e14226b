import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Reply addresses (decision 196). A mail about a thread — a ticket, an enquiry, a quote — is sent with
 * `Reply-To: reply+<token>@INBOUND_DOMAIN`. The token is one per thread and recipient, kept in
 * `mail_reply_tokens`: the thread's kind (one letter) and id, then 20 random base32 characters (100 bits), all
 * lower case (mail systems may fold the local part's case). The random part makes it unguessable; the readable
 * thread part lets a token that is not ours (tampered with) still say which thread it claimed, so the new
 * enquiry it starts can link that thread for staff.
 */
export const threadKinds = ['ticket', 'enquiry', 'quote'] as const;
export type ThreadKind = (typeof threadKinds)[number];
export interface ThreadRef {
  kind: ThreadKind;
  id: string;
}

const LETTER: Record<ThreadKind, string> = { ticket: 't', enquiry: 'e', quote: 'q' };
const KIND_OF_LETTER: Record<string, ThreadKind> = { t: 'ticket', e: 'enquiry', q: 'quote' };
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN = /^([teq])([0-9a-f]{32})([a-z2-7]{20})$/;

function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE32[byte & 31];
  return out;
}

export function newReplyToken(thread: ThreadRef): string {
  return `${LETTER[thread.kind]}${thread.id.replaceAll('-', '').toLowerCase()}${randomBase32(20)}`;
}

/** The thread a token claims by its shape, whether or not it is one we issued. */
export function claimedThread(token: string): ThreadRef | null {
  const match = TOKEN.exec(token.toLowerCase());
  if (!match) return null;
  const hex = match[2]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { kind: KIND_OF_LETTER[match[1]!]!, id };
}

/** `reply+<token>@<domain>`. */
export function replyAddress(token: string, domain: string): string {
  return `reply+${token}@${domain}`;
}

/** The token of a reply address at `domain` (any case), or null. */
export function tokenOfAddress(address: string, domain: string): string | null {
  const lower = address.trim().toLowerCase();
  const suffix = `@${domain.toLowerCase()}`;
  if (!lower.endsWith(suffix)) return null;
  const local = lower.slice(0, -suffix.length);
  if (!local.startsWith('reply+')) return null;
  const token = local.slice('reply+'.length);
  return token.length > 0 && token.length <= 64 ? token : null;
}

/** The token of `thread` for `recipient` (lower-cased), made on first use. */
export async function replyTokenFor(
  trx: Knex | Knex.Transaction,
  thread: ThreadRef,
  recipient: string,
): Promise<string> {
  const existing = (await trx('mail_reply_tokens')
    .select('token')
    .where({ threadKind: thread.kind, threadId: thread.id, recipient })
    .first()) as { token: string } | undefined;
  if (existing) return existing.token;
  await trx('mail_reply_tokens')
    .insert({ token: newReplyToken(thread), threadKind: thread.kind, threadId: thread.id, recipient })
    .onConflict(['threadKind', 'threadId', 'recipient'])
    .ignore();
  const row = (await trx('mail_reply_tokens')
    .select('token')
    .where({ threadKind: thread.kind, threadId: thread.id, recipient })
    .first()) as { token: string };
  return row.token;
}

export interface IssuedToken {
  thread: ThreadRef;
  /** The address the token was sent to. */
  recipient: string;
}

/** What an issued token names, or null when we never issued it. */
export async function findReplyToken(db: Knex | Knex.Transaction, token: string): Promise<IssuedToken | null> {
  if (!TOKEN.test(token.toLowerCase())) return null;
  const row = (await db('mail_reply_tokens')
    .select('threadKind', 'threadId', 'recipient')
    .where({ token: token.toLowerCase() })
    .first()) as { threadKind: ThreadKind; threadId: string; recipient: string } | undefined;
  return row ? { thread: { kind: row.threadKind, id: row.threadId }, recipient: row.recipient } : null;
}
