import type { Knex } from 'knex';
import { fromCents } from '@shared/money';
import { lineTotalCents } from '@shared/quote-totals';
import { formatOrderNumber, type Shipping } from '@shared/schemas/orders';
import type {
  PublicQuote,
  Quote,
  QuoteConversion,
  QuoteLine,
  QuoteStatus,
  QuoteSummary,
  QuoteTimelineEntry,
  QuoteTotalsView,
} from '@shared/schemas/quotes';
import { toIso } from '../../db/instants';
import { NotFound } from '../../errors';
import { quotePath, quoteToken } from './quote-links';

/** A row of `quotes`, `validUntil` as YYYY-MM-DD. */
export interface QuoteRow {
  id: string;
  year: number;
  sequence: number;
  number: string;
  version: number;
  status: QuoteStatus;
  title: string;
  customerUserId: string | null;
  customerName: string;
  customerEmail: string;
  customerCompany: string | null;
  depositPercent: number;
  validUntil: string;
  notes: string | null;
  terms: string | null;
  sourceEnquiryId: string | null;
  sourceTicketId: string | null;
  sourceConversationId: string | null;
  tokenHash: string;
  createdBy: string | null;
  sentBy: string | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  acceptedAt: Date | null;
  signatureName: string | null;
  acceptedIp: string | null;
  declinedAt: Date | null;
  declineReason: string | null;
  supersededBy: string | null;
  /** The payment that paid the deposit (pi_… or demo_pi_…). */
  depositPaymentId: string | null;
  paidAt: Date | null;
  convertedAt: Date | null;
  /** Where the product lines go, given when accepting (decision 201); null without product lines. */
  shipping: Shipping | null;
  /** The client account its order, subscription, project and invoices belong to, settled when accepting (201). */
  clientUserId: string | null;
  /** The plan made for the recurring lines at conversion, and when its subscription was started. */
  subscriptionPlanId: string | null;
  subscriptionStartedAt: Date | null;
  /** When the expiry reminder was queued (once per version). */
  remindedAt: Date | null;
  oneTimeSubtotalCents: number;
  taxCents: number;
  oneTimeTotalCents: number;
  depositCents: number;
  recurringMonthlyCents: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface QuoteLineRow {
  id: string;
  quoteId: string;
  position: number;
  kind: 'product' | 'service' | 'recurring';
  productId: string | null;
  description: string;
  quantity: number;
  unitPrice: string;
  taxable: boolean;
  interval: 'month' | null;
}

/** Where a quote's links point: the server's secret (tokens) and public address. */
export interface QuoteLinks {
  secret: string;
  publicUrl: string;
}

export const publicUrlOf = (links: QuoteLinks, quoteId: string) =>
  `${links.publicUrl}${quotePath(quoteToken(links.secret, quoteId))}`;

/** Every column, the date as text (a JS Date would shift it by the time zone). */
export const quoteColumns = (db: Knex | Knex.Transaction) =>
  db.raw(`q.*, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until`);

/** The quote, locked for the rest of the transaction when `lock` (every transition). 404 when there is none. */
export async function loadQuote(
  db: Knex | Knex.Transaction,
  where: { id: string } | { tokenHash: string },
  { lock = false } = {},
): Promise<QuoteRow> {
  if ('id' in where && !/^[0-9a-f-]{36}$/i.test(where.id)) throw new NotFound('Quote not found');
  const query = db
    .select(quoteColumns(db))
    .from('quotes as q')
    .where('id' in where ? { 'q.id': where.id } : { 'q.token_hash': where.tokenHash })
    .first<QuoteRow | undefined>();
  if (lock) query.forUpdate();
  const row = await query;
  if (!row) throw new NotFound('Quote not found');
  return row;
}

export async function linesOf(db: Knex | Knex.Transaction, quoteId: string): Promise<QuoteLineRow[]> {
  return db('quote_lines').where({ quoteId }).orderBy('position').select<QuoteLineRow[]>('*');
}

export function toQuoteLine(row: QuoteLineRow): QuoteLine {
  return {
    id: row.id,
    position: row.position,
    kind: row.kind,
    productId: row.productId,
    description: row.description,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    taxable: row.taxable,
    interval: row.interval,
    lineTotal: fromCents(lineTotalCents(row)),
  };
}

export function totalsOf(row: QuoteRow): QuoteTotalsView {
  return {
    oneTimeSubtotal: fromCents(row.oneTimeSubtotalCents),
    tax: fromCents(row.taxCents),
    oneTimeTotal: fromCents(row.oneTimeTotalCents),
    deposit: fromCents(row.depositCents),
    recurringMonthly: fromCents(row.recurringMonthlyCents),
  };
}

const customerOf = (row: QuoteRow) => ({
  name: row.customerName,
  email: row.customerEmail,
  company: row.customerCompany,
});

/**
 * The page of the newest sent version that replaced this one (a revision
 * chain keeps the number), or null while none is sent.
 */
export async function replacedByUrl(
  db: Knex | Knex.Transaction,
  links: QuoteLinks,
  row: QuoteRow,
): Promise<string | null> {
  if (row.status !== 'superseded') return null;
  const newer = await db('quotes')
    .where({ year: row.year, sequence: row.sequence })
    .where('version', '>', row.version)
    .whereNotNull('sentAt')
    .orderBy('version', 'desc')
    .first<{ id: string } | undefined>('id');
  return newer ? publicUrlOf(links, newer.id) : null;
}

export async function toPublicQuote(
  db: Knex | Knex.Transaction,
  links: QuoteLinks,
  row: QuoteRow,
  lines: QuoteLineRow[],
): Promise<PublicQuote> {
  return {
    number: row.number,
    version: row.version,
    status: row.status,
    title: row.title,
    customer: customerOf(row),
    lines: lines.map(toQuoteLine),
    totals: totalsOf(row),
    depositPercent: row.depositPercent,
    validUntil: row.validUntil,
    terms: row.terms,
    sentAt: toIso(row.sentAt),
    acceptedAt: toIso(row.acceptedAt),
    signatureName: row.signatureName,
    paidAt: toIso(row.paidAt),
    convertedAt: toIso(row.convertedAt),
    replacedByUrl: await replacedByUrl(db, links, row),
  };
}

/** What the quote became besides its project: its order and its plan (decision 201), and the project. */
export async function conversionOf(db: Knex | Knex.Transaction, row: QuoteRow): Promise<QuoteConversion> {
  if (!row.convertedAt) return { order: null, plan: null, projectId: null };
  const [order, plan, project] = await Promise.all([
    db('orders').where({ quoteId: row.id }).first<{ id: string; number: string } | undefined>('id', 'number'),
    row.subscriptionPlanId
      ? db('subscription_plans')
          .where({ id: row.subscriptionPlanId })
          .first<{ id: string; name: string } | undefined>('id', 'name')
      : undefined,
    db('tickets').where({ quoteId: row.id }).first<{ id: string } | undefined>('id'),
  ]);
  const waiting = plan
    ? await db('subscriptions')
        .where({ planId: plan.id, status: 'incomplete' })
        .modify((query) => {
          if (row.clientUserId) query.where({ userId: row.clientUserId });
        })
        .first('id')
    : undefined;
  return {
    order: order ? { id: order.id, number: formatOrderNumber(order.number) } : null,
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          subscriptionStarted: row.subscriptionStartedAt !== null,
          awaitingFirstPayment: Boolean(waiting),
        }
      : null,
    projectId: project?.id ?? null,
  };
}

export async function toQuote(
  db: Knex | Knex.Transaction,
  links: QuoteLinks,
  row: QuoteRow,
  lines?: QuoteLineRow[],
): Promise<Quote> {
  const publicView = await toPublicQuote(db, links, row, lines ?? (await linesOf(db, row.id)));
  const source = row.sourceEnquiryId
    ? { enquiryId: row.sourceEnquiryId }
    : row.sourceTicketId
      ? { serviceRequestId: row.sourceTicketId }
      : row.sourceConversationId
        ? { conversationId: row.sourceConversationId }
        : null;
  const conversion = await conversionOf(db, row);
  return {
    ...publicView,
    id: row.id,
    publicUrl: publicUrlOf(links, row.id),
    notes: row.notes,
    customerUserId: row.customerUserId,
    source,
    projectId: conversion.projectId,
    clientUserId: row.clientUserId,
    order: conversion.order,
    plan: conversion.plan,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export function toQuoteSummary(row: QuoteRow): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    version: row.version,
    status: row.status,
    title: row.title,
    customer: customerOf(row),
    totals: totalsOf(row),
    validUntil: row.validUntil,
    sentAt: toIso(row.sentAt),
    createdAt: toIso(row.createdAt),
  };
}

/** One entry of the timeline, written in the transaction of what it records. */
export async function recordQuoteEvent(
  trx: Knex | Knex.Transaction,
  quoteId: string,
  type: QuoteTimelineEntry['type'],
  actor: { id: string | null; name: string } | null,
  data: QuoteTimelineEntry['data'] = {},
): Promise<void> {
  await trx('quote_events').insert({
    quoteId,
    type,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    data: JSON.stringify(data),
    createdAt: trx.raw('clock_timestamp()'),
  });
}

export async function timelineOf(db: Knex | Knex.Transaction, quoteId: string): Promise<QuoteTimelineEntry[]> {
  const rows = await db('quote_events').where({ quoteId }).orderBy('id').select<
    {
      type: QuoteTimelineEntry['type'];
      createdAt: Date;
      actorName: string | null;
      data: QuoteTimelineEntry['data'] | null;
    }[]
  >('type', 'createdAt', 'actorName', 'data');
  return rows.map((row) => ({
    type: row.type,
    at: toIso(row.createdAt),
    actorName: row.actorName,
    data: row.data ?? {},
  }));
}
