import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { emailAddress } from '@shared/schemas/text';
import { CONTACT_LIMITS } from '@shared/contact';
import { TICKET_REPLY_MAX } from '@shared/tickets';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { countRateLimitHit } from '../../middleware/rate-limit';
import { storeEnquiry } from '../enquiries/contact.service';
import { addEmailedEnquiryReply, matchingClient } from '../enquiries/enquiries.service';
import { claimedThread, findReplyToken, tokenOfAddress, type ThreadRef } from '../mail/reply-tokens';
import { findSentMail, markMailBounced } from '../mail/sent-mail-lookup';
import { addEmailedQuoteReply } from '../quotes/quote-email-replies';
import { addEmailedTicketReply } from '../tickets/ticket-changes';
import { User } from '../users/user.model';
import { automaticReasons, isDeliveryReport, readBounce } from './automatic-mail';
import { insertAttachment } from '../attachments/attachment-store';
import { INBOUND_EMAIL_OWNER, prepareInboundFiles, type InboundFiles } from './inbound-attachments';
import { checkRawMessage, InboundRefusal, looksLikeCompressionBomb } from './message-checks';
import { cleanText, replyText } from './reply-text';

/**
 * The one pipeline both ways of receiving mail hand a raw message to (docs/inbound-email.md): checked, parsed,
 * kept (raw, with its parse result) once per Message-ID, then threaded — by reply token, then by
 * In-Reply-To/References — into a ticket, enquiry or quote, or made a new enquiry (a new request for a known
 * client). Bounces mark the outgoing mail; automatic mail is kept and answered by nothing.
 */

export interface InboundDeps {
  db: Knex;
  config: Pick<Config, 'inbound' | 'publicUrl' | 'mail' | 'rateLimits'>;
  logger: Logger;
}

export interface Envelope {
  source: 'smtp' | 'webhook';
  /** SMTP MAIL FROM ('' for the null sender of a bounce); null when not known (the webhook). */
  envelopeFrom: string | null;
  /** SMTP RCPT TO addresses; empty for the webhook (the headers say where it went). */
  recipients: readonly string[];
}

export type InboundOutcome =
  'ticket_reply' | 'enquiry_reply' | 'quote_reply' | 'new_enquiry' | 'new_request' | 'bounce' | 'ignored';

export interface InboundResult {
  id: string;
  /** The same Message-ID was received before: nothing was stored or done again. */
  duplicate: boolean;
  outcome: InboundOutcome;
  thread: ThreadRef | null;
}

export interface ParsedSummary {
  from: { address: string; name: string };
  to: string[];
  cc: string[];
  date: string | null;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  /** The message's text (from its HTML when it has no text part), at most 100,000 characters. */
  text: string;
  replyText: string;
  hasHtml: boolean;
  /**
   * Every file of the mail: stored by the attachment store (with the ticket reply, or with this email), or — when
   * it refused one (`refused`: why) — kept only inside the raw message.
   */
  attachments: { filename: string; contentType: string; size: number; refused: string | null }[];
  automatic: string[];
  bounce: { mailId: string | null; reason: string } | null;
}

const PARSE_OPTIONS = { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true } as const;

function addresses(value: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const out: { address: string; name: string }[] = [];
  const walk = (entries: { address?: string; name?: string; group?: unknown[] }[]) => {
    for (const entry of entries) {
      if (entry.address) out.push({ address: entry.address, name: entry.name ?? '' });
      if (Array.isArray(entry.group)) walk(entry.group as never[]);
    }
  };
  for (const object of list) walk(object.value);
  return out;
}

function headerAddresses(parsed: ParsedMail, name: string): string[] {
  const value = parsed.headers.get(name);
  if (typeof value === 'string') return value.split(',').map((part) => part.trim().replace(/^<|>$/g, ''));
  if (value && typeof value === 'object' && 'value' in value && Array.isArray((value as AddressObject).value)) {
    return addresses(value as AddressObject).map((entry) => entry.address);
  }
  return [];
}

const oneLine = (value: string, max: number) => cleanText(value).replace(/\s+/g, ' ').trim().slice(0, max);

async function parse(raw: Buffer): Promise<ParsedMail> {
  try {
    return await simpleParser(raw, PARSE_OPTIONS);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EMAXLEN') {
      throw new InboundRefusal('too_many_parts', 'The message has too many MIME parts or nests them too deep.');
    }
    throw new InboundRefusal('malformed', `The message could not be read: ${oneLine((err as Error).message, 200)}`);
  }
}

function summarize(parsed: ParsedMail, messageId: string, sender: { address: string; name: string }): ParsedSummary {
  const references = typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? []);
  const text = cleanText(parsed.text ?? '').slice(0, 100_000);
  return {
    from: sender,
    to: addresses(parsed.to).map((entry) => entry.address.toLowerCase()),
    cc: addresses(parsed.cc).map((entry) => entry.address.toLowerCase()),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    messageId,
    inReplyTo: parsed.inReplyTo ? oneLine(parsed.inReplyTo, 998) : null,
    references: references.map((value) => oneLine(value, 998)).slice(0, 100),
    text,
    replyText: replyText(text, TICKET_REPLY_MAX),
    hasHtml: typeof parsed.html === 'string' && parsed.html.length > 0,
    attachments: [],
    automatic: [],
    bounce: null,
  };
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The text that lands in the thread: the reply's new text, and the names of files it carried that were not kept. */
function threadMessage(summary: ParsedSummary, max: number): string {
  const files = summary.attachments.filter((file) => file.refused !== null);
  const note =
    files.length > 0
      ? `\n\nNot attached (kept in the received email only): ${files
          .map((file) => `${file.filename} (${sizeLabel(file.size)})`)
          .join(', ')}`
      : '';
  const body = summary.replyText || '(The email had no text.)';
  const room = Math.max(0, max - note.length);
  return `${body.length > room ? `${body.slice(0, Math.max(0, room - 1))}…` : body}${note}`.slice(0, max);
}

/** The thread a message answers: by our reply token first, then by the Message-IDs it answers. */
async function matchThread(
  trx: Knex.Transaction,
  deps: InboundDeps,
  parsed: ParsedMail,
  envelope: Envelope,
  summary: ParsedSummary,
): Promise<{ thread: ThreadRef; recipient: string } | { claimed: ThreadRef | null } | null> {
  const domain = deps.config.inbound.domain;
  if (domain) {
    const candidates = [
      ...envelope.recipients,
      ...summary.to,
      ...summary.cc,
      ...headerAddresses(parsed, 'delivered-to'),
      ...headerAddresses(parsed, 'x-original-to'),
    ];
    for (const address of candidates) {
      const token = tokenOfAddress(address, domain);
      if (!token) continue;
      const issued = await findReplyToken(trx, token);
      if (issued) return issued;
      // A reply address of ours whose token we never issued: tampered with, or made up.
      return { claimed: claimedThread(token) };
    }
  }
  const host = new URL(deps.config.publicUrl).hostname;
  const answered = [...(summary.inReplyTo ? [summary.inReplyTo] : []), ...[...summary.references].reverse()];
  const sent = await findSentMail(trx, answered, host);
  if (sent?.thread) return { thread: sent.thread, recipient: sent.recipient };
  return null;
}

/** Lands a reply in its thread; `closed` when the thread takes none any more (or does not exist). */
async function replyInThread(
  trx: Knex.Transaction,
  deps: InboundDeps,
  thread: ThreadRef,
  reply: { message: string; senderName: string | null; inboundEmailId: string; differentAddress: string | null },
  files: InboundFiles,
): Promise<{ outcome: InboundOutcome; thread: ThreadRef } | null> {
  const reopenDays = deps.config.inbound.reopenDays;
  if (thread.kind === 'ticket') {
    const result = await addEmailedTicketReply(trx, thread.id, { ...reply, reopenDays, files: files.prepared });
    return result.landed ? { outcome: 'ticket_reply', thread } : null;
  }
  if (thread.kind === 'enquiry') {
    const result = await addEmailedEnquiryReply(trx, thread.id, { ...reply, reopenDays });
    if ('becameRequest' in result) {
      return replyInThread(trx, deps, { kind: 'ticket', id: result.becameRequest }, reply, files);
    }
    return result.landed ? { outcome: 'enquiry_reply', thread } : null;
  }
  const result = await addEmailedQuoteReply(trx, thread.id, { ...reply, reopenDays });
  return result.landed ? { outcome: 'quote_reply', thread } : null;
}

/**
 * Receives one raw message. Throws `InboundRefusal` for a message that cannot be taken (too large, malformed, no
 * sender, unknown charset, too many parts, a compression bomb): nothing is stored then.
 */
export async function receiveEmail(deps: InboundDeps, raw: Buffer, envelope: Envelope): Promise<InboundResult> {
  const { db, config, logger } = deps;
  try {
    if (raw.length > config.inbound.maxBytes) {
      throw new InboundRefusal('too_large', `The message is larger than ${config.inbound.maxBytes} bytes.`);
    }
    checkRawMessage(raw);
    const parsed = await parse(raw);
    const from = addresses(parsed.from)[0];
    const checked = from ? emailAddress.safeParse(from.address) : null;
    if (!from || !checked?.success) {
      throw new InboundRefusal('no_sender', 'The message has no From address.');
    }
    for (const file of parsed.attachments) {
      if (looksLikeCompressionBomb(file.content)) {
        throw new InboundRefusal(
          'compression_bomb',
          `The attachment "${oneLine(file.filename ?? 'unnamed', 100)}" unpacks to far more than it weighs.`,
        );
      }
    }
    const sender = { address: checked.data.toLowerCase(), name: oneLine(from.name, CONTACT_LIMITS.name) };
    const declaredId = parsed.messageId ? oneLine(parsed.messageId, 998) : '';
    const messageId =
      declaredId && declaredId.length <= 500
        ? declaredId
        : `<${createHash('sha256').update(raw).digest('hex')}@no-message-id.invalid>`;
    const summary = summarize(parsed, messageId, sender);
    summary.automatic = automaticReasons(parsed, envelope.envelopeFrom, sender.address);
    // Files are checked (and images re-encoded) before the transaction: no row lock waits on them.
    const files = await prepareInboundFiles(parsed);
    summary.attachments = files.listed.map((file) => ({
      ...file,
      filename: oneLine(file.filename, 200),
      contentType: oneLine(file.contentType, 200),
    }));
    const result = await db.transaction((trx) => store(trx, deps, raw, envelope, parsed, summary, files));
    logger.info(
      {
        inboundEmailId: result.id,
        source: envelope.source,
        outcome: result.outcome,
        duplicate: result.duplicate,
        thread: result.thread,
        size: raw.length,
      },
      result.duplicate ? 'inbound email already received' : 'inbound email received',
    );
    return result;
  } catch (err) {
    if (err instanceof InboundRefusal) {
      logger.warn(
        { source: envelope.source, refusal: err.kind, reason: err.message, size: raw.length },
        'inbound email refused',
      );
    }
    throw err;
  }
}

async function store(
  trx: Knex.Transaction,
  deps: InboundDeps,
  raw: Buffer,
  envelope: Envelope,
  parsed: ParsedMail,
  summary: ParsedSummary,
  files: InboundFiles,
): Promise<InboundResult> {
  const { config } = deps;
  const inserted = (await trx('inbound_emails')
    .insert({
      messageId: summary.messageId,
      source: envelope.source,
      envelopeFrom: envelope.envelopeFrom === null ? null : oneLine(envelope.envelopeFrom, 320),
      sender: summary.from.address,
      subject: oneLine(parsed.subject ?? '', 998),
      raw,
      size: raw.length,
      parsed: JSON.stringify(summary),
      outcome: 'ignored',
      automatic: summary.automatic.length > 0,
    })
    .onConflict('messageId')
    .ignore()
    .returning(['id'])) as { id: string }[];
  if (inserted.length === 0) {
    // The same message again (a provider retrying, a second MX): stored once, done once.
    const existing = (await trx('inbound_emails')
      .select('id', 'outcome', 'threadKind', 'threadId')
      .where({ messageId: summary.messageId })
      .first()) as {
      id: string;
      outcome: InboundOutcome;
      threadKind: ThreadRef['kind'] | null;
      threadId: string | null;
    };
    return {
      id: existing.id,
      duplicate: true,
      outcome: existing.outcome,
      thread: existing.threadKind && existing.threadId ? { kind: existing.threadKind, id: existing.threadId } : null,
    };
  }
  const id = inserted[0]!.id;
  /** Files that went to no ticket reply are kept with the email itself, for staff. */
  const keepFilesWithEmail = async () => {
    for (const file of files.prepared) {
      await insertAttachment(trx, { ownerType: INBOUND_EMAIL_OWNER, ownerId: id, uploadedById: null }, file);
    }
  };
  const finish = async (
    outcome: InboundOutcome,
    extra: { thread?: ThreadRef | null; linked?: ThreadRef | null; differentAddress?: boolean } = {},
  ): Promise<InboundResult> => {
    await trx('inbound_emails')
      .where({ id })
      .update({
        outcome,
        threadKind: extra.thread?.kind ?? null,
        threadId: extra.thread?.id ?? null,
        linkedThreadKind: extra.linked?.kind ?? null,
        linkedThreadId: extra.linked?.id ?? null,
        differentAddress: extra.differentAddress ?? false,
        parsed: JSON.stringify(summary),
      });
    return { id, duplicate: false, outcome, thread: extra.thread ?? null };
  };

  // A bounce: a delivery-status notification (RFC 3464), or a mailer daemon's mail carrying our message back.
  const report = isDeliveryReport(parsed);
  if (report || /^(mailer-daemon|postmaster)@/.test(summary.from.address)) {
    const bounce = readBounce(parsed);
    const host = new URL(config.publicUrl).hostname;
    const sent = bounce.failed ? await findSentMail(trx, bounce.messageIds, host) : null;
    if (sent) await markMailBounced(trx, sent.id, bounce.reason);
    if (report || sent) {
      summary.bounce = { mailId: sent?.id ?? null, reason: bounce.reason };
      return finish('bounce', { thread: sent?.thread ?? null });
    }
  }
  // An auto-reply, a list or bulk mail: kept for staff, answered by nothing, added to no thread.
  if (summary.automatic.length > 0) {
    await keepFilesWithEmail();
    return finish('ignored');
  }

  const match = await matchThread(trx, deps, parsed, envelope, summary);
  let linked: ThreadRef | null = null;
  if (match && 'thread' in match) {
    const differentAddress = match.recipient !== summary.from.address;
    const landed = await replyInThread(
      trx,
      deps,
      match.thread,
      {
        message: threadMessage(summary, TICKET_REPLY_MAX),
        senderName: summary.from.name || null,
        inboundEmailId: id,
        differentAddress: differentAddress ? summary.from.address : null,
      },
      files,
    );
    if (landed) {
      if (landed.outcome !== 'ticket_reply') await keepFilesWithEmail();
      return finish(landed.outcome, { thread: landed.thread, differentAddress });
    }
    linked = match.thread;
  } else if (match) {
    linked = match.claimed;
  }

  // A new enquiry, acknowledged like one from the web form — at most N acknowledgements per sender per hour.
  const ackRule = { limit: config.inbound.acknowledgementsPerHour, windowMs: 60 * 60 * 1000 };
  const { count } = await countRateLimitHit(trx, `inbound-acknowledgement:${summary.from.address}`, ackRule);
  const clientId = await matchingClient(trx, summary.from.address);
  const client = clientId ? ((await User.query(trx).findById(clientId)) ?? null) : null;
  const subject = oneLine(parsed.subject ?? '', 200);
  const body = threadMessage(summary, CONTACT_LIMITS.message - subject.length - 2);
  const enquiryId = await storeEnquiry(
    trx,
    {
      name: summary.from.name || summary.from.address.split('@')[0]!.slice(0, CONTACT_LIMITS.name),
      email: summary.from.address,
      phone: null,
      company: null,
      service: 'General Inquiry',
      message: subject ? `${subject}\n\n${body}` : body,
    },
    client,
    config,
    null,
    { inboundEmailId: id, earlierThread: linked, acknowledge: count <= ackRule.limit },
  );
  await keepFilesWithEmail();
  return finish(client ? 'new_request' : 'new_enquiry', { thread: { kind: 'enquiry', id: enquiryId }, linked });
}
