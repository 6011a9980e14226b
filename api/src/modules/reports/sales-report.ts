import type { Knex } from 'knex';
import type { SalesFigures, SalesReport, SalesReportQuery } from '@shared/schemas/reports';
import { readBusinessHours } from '../settings/business-hours';
import { mrrAt, salesItemRows, salesRows, type BucketedRange, type SalesRow } from './read-model';
import { addDays, bucketBoundsOf, bucketsOf, startOfLocalDate } from './report-range';

/**
 * The sales report (issue 27, decision 194): orders paid and their revenue,
 * refunds, net revenue, monthly recurring revenue at each interval's end and
 * its change, and quotes sent, accepted and declined.
 */

/** Exact decimal arithmetic on money strings: cents as BigInt. */
const cents = (amount: string): bigint => {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -value : value;
};
const money = (value: bigint): string => {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

function figuresOf(row: SalesRow | undefined, mrr: bigint, mrrBefore: bigint): SalesFigures {
  const revenue = row?.revenue ?? '0.00';
  const refundAmount = row?.refundAmount ?? '0.00';
  const accepted = row?.quotesAccepted ?? 0;
  const declined = row?.quotesDeclined ?? 0;
  return {
    paidOrders: row?.paidOrders ?? 0,
    revenue: money(cents(revenue)),
    refunds: { count: row?.refundCount ?? 0, amount: money(cents(refundAmount)) },
    netRevenue: money(cents(revenue) - cents(refundAmount)),
    mrr: money(mrr),
    mrrChange: money(mrr - mrrBefore),
    quotes: {
      sent: row?.quotesSent ?? 0,
      accepted,
      declined,
      winRatePercent: accepted + declined === 0 ? null : Math.round((accepted / (accepted + declined)) * 1000) / 10,
      averageDaysToAccept:
        accepted === 0 ? null : Math.round(((row?.acceptSeconds ?? 0) / accepted / 86_400) * 100) / 100,
    },
  };
}

async function rangeOf(db: Knex, query: SalesReportQuery): Promise<BucketedRange> {
  const { timeZone } = await readBusinessHours(db);
  return {
    from: startOfLocalDate(query.from, timeZone),
    to: startOfLocalDate(addDays(query.to, 1), timeZone),
    interval: query.interval,
    timeZone,
    buckets: bucketBoundsOf(query.from, query.to, query.interval, timeZone),
  };
}

export async function salesReport(db: Knex, query: SalesReportQuery): Promise<SalesReport> {
  const range = await rangeOf(db, query);
  const buckets = bucketsOf(query.from, query.to, query.interval);
  // MRR at the range's start, then at the end of each bucket (the start of the day after it).
  const instants = [range.from, ...buckets.map((bucket) => startOfLocalDate(addDays(bucket.end, 1), range.timeZone))];
  const [rows, mrr] = await Promise.all([salesRows(db, range), mrrAt(db, instants)]);
  const byBucket = new Map(rows.filter((row) => row.bucket !== null).map((row) => [row.bucket, row]));
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    timeZone: range.timeZone,
    intervals: buckets.map((bucket, i) => ({
      start: bucket.start,
      end: bucket.end,
      ...figuresOf(byBucket.get(bucket.key), mrr[i + 1]!, mrr[i]!),
    })),
    total: figuresOf(
      rows.find((row) => row.bucket === null),
      mrr[mrr.length - 1]!,
      mrr[0]!,
    ),
  };
}

export const SALES_INTERVAL_CSV_HEADER = [
  'Start',
  'End',
  'Paid orders',
  'Revenue',
  'Refunds',
  'Refunded',
  'Net revenue',
  'MRR',
  'MRR change',
  'Quotes sent',
  'Quotes accepted',
  'Quotes declined',
  'Win rate %',
  'Average days to accept',
];

export function salesIntervalCsvRows(report: SalesReport): unknown[][] {
  return report.intervals.map((row) => [
    row.start,
    row.end,
    row.paidOrders,
    row.revenue,
    row.refunds.count,
    row.refunds.amount,
    row.netRevenue,
    row.mrr,
    row.mrrChange,
    row.quotes.sent,
    row.quotes.accepted,
    row.quotes.declined,
    row.quotes.winRatePercent,
    row.quotes.averageDaysToAccept,
  ]);
}

export const SALES_ITEMS_CSV_HEADER = ['Kind', 'Reference', 'Id', 'Event', 'At', 'Amount'];

/** One row per order paid, refund made and quote sent, accepted or declined in the range. */
export async function salesItemCsvRows(db: Knex, query: SalesReportQuery): Promise<unknown[][]> {
  const items = await salesItemRows(db, await rangeOf(db, query));
  return items.map((item) => [item.kind, item.reference, item.id, item.event, item.at.toISOString(), item.amount]);
}
