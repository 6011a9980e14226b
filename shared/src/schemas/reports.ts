import { z } from 'zod';
import { calendarDate } from './dates';
import { prioritySchema, type Priority } from './support';

/**
 * The console's reports (issue 27, decision 194): GET /api/admin/reports/support
 * and GET /api/admin/reports/sales. A range is two calendar days in the
 * business time zone (the business hours setting), both included, cut into
 * days, weeks (Monday first) or months in that zone.
 */

export const reportIntervals = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof reportIntervals)[number];

/** The longest range a report answers: two years by week or month, a year by day. */
export const REPORT_MAX_DAYS = 731;
export const REPORT_MAX_DAYS_BY_DAY = 366;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const uuid = z.uuid({ error: 'assigneeId must be a staff member id' });

const rangeFields = {
  from: calendarDate('from'),
  to: calendarDate('to'),
  interval: z.enum(reportIntervals, { error: `interval must be one of ${reportIntervals.join(', ')}` }).default('week'),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  /** With format=csv: one row per interval (default) or one row per item behind the figures. */
  rows: z.enum(['intervals', 'items'], { error: 'rows must be intervals or items' }).default('intervals'),
};

function rangeChecks<T extends { from: string; to: string; interval: ReportInterval }>(schema: z.ZodType<T>) {
  return schema
    .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
    .refine((query) => query.from > query.to || daysInRange(query.from, query.to) <= REPORT_MAX_DAYS, {
      message: `the range may be at most ${REPORT_MAX_DAYS} days`,
      path: ['to'],
    })
    .refine(
      (query) =>
        query.interval !== 'day' ||
        query.from > query.to ||
        daysInRange(query.from, query.to) <= REPORT_MAX_DAYS_BY_DAY,
      { message: `a report by day may cover at most ${REPORT_MAX_DAYS_BY_DAY} days`, path: ['interval'] },
    );
}

/** GET /api/admin/reports/support?from=&to=&interval=&assigneeId=&priority=&format=&rows= */
export const supportReportQuerySchema = rangeChecks(
  z.object({ ...rangeFields, assigneeId: uuid.optional(), priority: prioritySchema.optional() }).strict(),
);
export type SupportReportQuery = z.output<typeof supportReportQuerySchema>;

/** GET /api/admin/reports/sales?from=&to=&interval=&format=&rows= */
export const salesReportQuerySchema = rangeChecks(z.object(rangeFields).strict());
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>;

/** A median and 90th percentile of durations, in calendar minutes and in business minutes (null when none). */
export interface DurationFigures {
  count: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  medianBusinessMinutes: number | null;
  p90BusinessMinutes: number | null;
}

export interface SupportFigures {
  new: { total: number; tickets: number; chats: number };
  resolved: { total: number; tickets: number; chats: number };
  /** Created in the interval and answered by staff: creation to first public staff reply. */
  firstResponse: DurationFigures;
  /** Resolved in the interval: creation to resolution (a chat: to its close). */
  resolution: DurationFigures;
  /** Created in the interval, clock ended (met or breached): met when answered, and resolved, by their due times. */
  sla: { counted: number; met: number; breached: number; metPercent: number | null };
  /** Ratings answered in the interval. */
  csat: { count: number; average: number | null };
}

export interface ReportIntervalBounds {
  /** First day (YYYY-MM-DD, business time zone), included. */
  start: string;
  /** Last day, included. */
  end: string;
}

export interface SupportReport {
  from: string;
  to: string;
  interval: ReportInterval;
  timeZone: string;
  assigneeId: string | null;
  priority: Priority | null;
  intervals: (ReportIntervalBounds & SupportFigures)[];
  total: SupportFigures;
  /** The same figures over the whole range, per staff member who held items (null: unassigned). */
  staff: ({ assigneeId: string | null; name: string } & SupportFigures)[];
}

export interface SalesFigures {
  paidOrders: number;
  /** Money as decimal strings (USD), like every amount the API sends. */
  revenue: string;
  refunds: { count: number; amount: string };
  netRevenue: string;
  /** Monthly recurring revenue at the end of the interval (yearly plans count a twelfth), and its change over it. */
  mrr: string;
  mrrChange: string;
  quotes: {
    sent: number;
    accepted: number;
    declined: number;
    /** accepted / (accepted + declined) in the interval, as a percentage. */
    winRatePercent: number | null;
    /** Mean days from sending to acceptance, over quotes accepted in the interval. */
    averageDaysToAccept: number | null;
  };
}

export interface SalesReport {
  from: string;
  to: string;
  interval: ReportInterval;
  timeZone: string;
  intervals: (ReportIntervalBounds & SalesFigures)[];
  total: SalesFigures;
}
