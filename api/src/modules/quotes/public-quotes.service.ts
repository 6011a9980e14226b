import type { Knex } from 'knex';
import { SHIPPING_REQUIRED, type ClientQuote, type PublicQuote, type QuoteStatus } from '@shared/schemas/quotes';
import type { Shipping } from '@shared/schemas/orders';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { publish } from '../../live/publish';
import { recordAudit } from '../audit/audit-log';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import type { User } from '../users/user.model';
import { ACCOUNT_REQUIRED, accountForQuote, hasProducts, needsAccount } from './quote-conversion';
import { isQuoteTokenShape, quoteTokenHash } from './quote-links';
import {
  conversionOf,
  linesOf,
  loadQuote,
  publicUrlOf,
  recordQuoteEvent,
  toPublicQuote,
  totalsOf,
  type QuoteLinks,
  type QuoteRow,
} from './quote-rows';
import { quoteToken } from './quote-links';
import { refuse, todaySql } from './quote-transitions';
import { displayNumber } from './quotes.service';

/**
 * The client's side of a quote, reached by its link alone (no account). A
 * draft has not been sent: its link is as unknown as a wrong one (404).
 */
export async function quoteOfToken(
  db: Knex | Knex.Transaction,
  token: string,
  options: { lock?: boolean } = {},
): Promise<QuoteRow> {
  if (!isQuoteTokenShape(token)) throw new NotFound('Quote not found');
  const row = await loadQuote(db, { tokenHash: quoteTokenHash(token) }, options);
  if (row.status === 'draft') throw new NotFound('Quote not found');
  return row;
}

/** The quote as the client may see it. The first view of a sent quote (not by staff) records `viewed`. */
export async function viewQuote(db: Knex, links: QuoteLinks, token: string, viewer: User | null): Promise<PublicQuote> {
  const row = await quoteOfToken(db, token);
  if (row.status === 'sent' && !viewer?.isStaff) {
    await db.transaction(async (trx) => {
      // Whoever flips sent → viewed first records it; a second view at once finds it done.
      const flipped = await trx('quotes')
        .where({ id: row.id, status: 'sent' })
        .update({ status: 'viewed', viewedAt: trx.fn.now(), updatedAt: trx.fn.now() })
        .returning<{ id: string }[]>('id');
      if (flipped.length === 0) return;
      await recordQuoteEvent(trx, row.id, 'viewed', null);
      await publish(trx, 'staff', { kind: 'quote.viewed', id: row.id });
    });
  }
  const current = await loadQuote(db, { id: row.id });
  const lines = await linesOf(db, row.id);
  const view = await toPublicQuote(db, links, current, lines);
  // Products and monthly services belong to an account: the page asks for one first when none is known.
  const signInRequired =
    open.includes(current.status) &&
    needsAccount(lines) &&
    !(await accountForQuote(db, current, viewer && !viewer.isStaff ? viewer : null));
  return { ...view, signInRequired };
}

const open: QuoteStatus[] = ['sent', 'viewed'];

async function refuseIfPastValidity(trx: Knex.Transaction, row: QuoteRow): Promise<void> {
  const { rows } = await trx.raw<{ rows: { past: boolean }[] }>(`select ?::date < ${todaySql} as past`, [
    row.validUntil,
  ]);
  if (rows[0]!.past) throw new Conflict(`This quote expired: it was valid until ${row.validUntil}`);
}

/**
 * sent or viewed → accepted, with the typed name, the time and the address.
 * The same accept again (same name) answers as the first did; anything else
 * after the quote left `sent`/`viewed` is 409 naming its state.
 */
export async function acceptQuote(
  db: Knex,
  links: QuoteLinks,
  token: string,
  input: { signatureName: string; shipping?: Shipping },
  ip: string | null,
  mail: StaffAlertSettings,
  signedIn: User | null = null,
): Promise<PublicQuote> {
  return db.transaction(async (trx) => {
    const row = await quoteOfToken(trx, token, { lock: true });
    // Accepted, and maybe its deposit paid since: the same signature again is the same answer.
    if (row.status === 'accepted' || row.status === 'paid') {
      if (row.signatureName?.toLowerCase() !== input.signatureName.toLowerCase()) {
        throw new Conflict('This quote was already accepted');
      }
      return toPublicQuote(trx, links, row, await linesOf(trx, row.id));
    }
    if (!open.includes(row.status)) refuse(row, 'accepted', open);
    await refuseIfPastValidity(trx, row);
    // Products and monthly services become an order and a subscription: an address and an account (decision 201).
    const lines = await linesOf(trx, row.id);
    if (hasProducts(lines) && !input.shipping) throw new BadRequest(SHIPPING_REQUIRED);
    const account = needsAccount(lines) ? await accountForQuote(trx, row, signedIn) : null;
    if (needsAccount(lines) && !account) throw new Conflict(ACCOUNT_REQUIRED);
    await trx('quotes')
      .where({ id: row.id })
      .update({
        status: 'accepted',
        acceptedAt: trx.fn.now(),
        signatureName: input.signatureName,
        acceptedIp: ip,
        viewedAt: row.viewedAt ?? trx.fn.now(),
        updatedAt: trx.fn.now(),
        ...(account ? { clientUserId: account } : {}),
        ...(hasProducts(lines) ? { shipping: JSON.stringify(input.shipping) } : {}),
      });
    await recordQuoteEvent(trx, row.id, 'accepted', null, { signatureName: input.signatureName, ip });
    await recordAudit(
      trx,
      { id: row.customerUserId, name: input.signatureName, role: 'client', ip },
      {
        action: 'quote.accepted',
        recordType: 'quote',
        recordId: row.id,
        before: { status: row.status },
        after: { status: 'accepted', signatureName: input.signatureName },
      },
    );
    await publish(trx, 'staff', { kind: 'quote.accepted', id: row.id });
    const accepted = await loadQuote(trx, { id: row.id });
    await queueAcceptedMails(trx, links, accepted, mail);
    return toPublicQuote(trx, links, accepted, await linesOf(trx, row.id));
  });
}

const staffAlertOf = (row: QuoteRow) => ({
  quoteId: row.id,
  number: displayNumber(row),
  title: row.title,
  customer: { name: row.customerName, email: row.customerEmail, company: row.customerCompany },
});

/** The client's receipt of their acceptance (with the link, where a deposit is paid) and the staff alert. */
async function queueAcceptedMails(
  trx: Knex.Transaction,
  links: QuoteLinks,
  row: QuoteRow,
  mail: StaffAlertSettings,
): Promise<void> {
  const totals = totalsOf(row);
  await enqueueMail(trx, {
    template: 'quote-accepted',
    to: row.customerEmail,
    data: {
      customerName: row.customerName,
      number: displayNumber(row),
      title: row.title,
      signatureName: row.signatureName ?? '',
      acceptedAt: (row.acceptedAt ?? new Date()).toISOString(),
      oneTimeTotal: totals.oneTimeTotal,
      recurringMonthly: totals.recurringMonthly,
      deposit: totals.deposit,
      token: quoteToken(links.secret, row.id),
    },
    idempotencyKey: `quote-accepted:${row.id}`,
  });
  await enqueueStaffAlert(trx, mail, 'quotes', {
    template: 'staff-quote-answered',
    data: {
      ...staffAlertOf(row),
      answer: { kind: 'accepted', signatureName: row.signatureName ?? '', deposit: totals.deposit },
    },
    idempotencyKey: `staff-quote-accepted:${row.id}`,
    replyTo: row.customerEmail,
  });
}

/** sent or viewed → declined, with the client's reason if they gave one; declining again answers as before. */
export async function declineQuote(
  db: Knex,
  links: QuoteLinks,
  token: string,
  input: { reason?: string },
  ip: string | null,
  mail: StaffAlertSettings,
): Promise<PublicQuote> {
  return db.transaction(async (trx) => {
    const row = await quoteOfToken(trx, token, { lock: true });
    if (row.status !== 'declined') {
      if (!open.includes(row.status)) refuse(row, 'declined', open);
      const reason = input.reason?.trim() || null;
      await trx('quotes').where({ id: row.id }).update({
        status: 'declined',
        declinedAt: trx.fn.now(),
        declineReason: reason,
        updatedAt: trx.fn.now(),
      });
      await recordQuoteEvent(trx, row.id, 'declined', null, { reason, ip });
      await publish(trx, 'staff', { kind: 'quote.declined', id: row.id });
      await enqueueStaffAlert(trx, mail, 'quotes', {
        template: 'staff-quote-answered',
        data: { ...staffAlertOf(row), answer: { kind: 'declined', reason } },
        idempotencyKey: `staff-quote-declined:${row.id}`,
        replyTo: row.customerEmail,
      });
    }
    return toPublicQuote(trx, links, await loadQuote(trx, { id: row.id }), await linesOf(trx, row.id));
  });
}

/** A signed-in client's quotes: sent to their account, or to their verified address. Newest first. */
export async function clientQuotes(db: Knex, links: QuoteLinks, user: User): Promise<{ quotes: ClientQuote[] }> {
  const email = user.verifiedEmail?.toLowerCase() ?? null;
  const rows = await db
    .select(db.raw(`q.*, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until`))
    .from('quotes as q')
    .whereNot('q.status', 'draft')
    .where((where) => {
      where.where('q.customer_user_id', user.id).orWhere('q.client_user_id', user.id);
      if (email) where.orWhereRaw('lower(q.customer_email) = ?', [email]);
    })
    .orderBy([
      { column: 'q.created_at', order: 'desc' },
      { column: 'q.id', order: 'desc' },
    ])
    .limit(100);
  const quotes = await Promise.all(
    (rows as QuoteRow[]).map(async (row) => ({
      ...(await toPublicQuote(db, links, row, await linesOf(db, row.id))),
      url: publicUrlOf(links, row.id),
      ...(await conversionOf(db, row)),
    })),
  );
  return { quotes };
}
