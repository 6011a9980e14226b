import { isCalendarDate } from '@shared/schemas/dates';
import { priorities, type Priority } from '@shared/schemas/support';
import {
  daysInRange,
  REPORT_MAX_DAYS,
  REPORT_MAX_DAYS_BY_DAY,
  reportIntervals,
  type ReportInterval,
} from '@shared/schemas/reports';
import { isUuid } from '@shared/schemas/text';

/**
 * The Reports screen as the URL asks for it
 * (/admin/reports?report=support|sales&from=&to=&interval=&assigneeId=&priority=), and the date-range presets.
 * A value edited into the URL that the API would refuse is read as the default.
 */

export const reportKinds = ['support', 'sales'] as const;
export type ReportKind = (typeof reportKinds)[number];

export interface ReportParams {
  report: ReportKind;
  from: string;
  to: string;
  interval: ReportInterval;
  assigneeId: string | null;
  priority: Priority | null;
}

export const presets = [
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'last90', label: 'Last 90 days' },
  { id: 'thisMonth', label: 'This month' },
  { id: 'lastMonth', label: 'Last month' },
  { id: 'thisYear', label: 'This year' },
] as const;
export type PresetId = (typeof presets)[number]['id'];

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today as YYYY-MM-DD in a time zone (the business one when known). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone });
}

/** A preset's days, both included, ending today (or the last whole month), and the interval that suits it. */
export function presetRange(id: PresetId, today: string): { from: string; to: string; interval: ReportInterval } {
  const month = today.slice(0, 7);
  switch (id) {
    case 'last7':
      return { from: addDays(today, -6), to: today, interval: 'day' };
    case 'last30':
      return { from: addDays(today, -29), to: today, interval: 'day' };
    case 'last90':
      return { from: addDays(today, -89), to: today, interval: 'week' };
    case 'thisMonth':
      return { from: `${month}-01`, to: today, interval: 'day' };
    case 'lastMonth': {
      const firstOfThis = `${month}-01`;
      const lastOfPrevious = addDays(firstOfThis, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious, interval: 'day' };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today, interval: 'week' };
  }
}

/** The preset the range is, if any. */
export function presetOf(from: string, to: string, today: string): PresetId | null {
  return (
    presets.find((preset) => {
      const range = presetRange(preset.id, today);
      return range.from === from && range.to === to;
    })?.id ?? null
  );
}

export function readReportParams(params: URLSearchParams, allowed: readonly ReportKind[], today: string): ReportParams {
  const fallback = presetRange('last90', today);
  const from = params.get('from');
  const to = params.get('to');
  const interval = reportIntervals.find((value) => value === params.get('interval'));
  let range = { from: fallback.from, to: fallback.to, interval: interval ?? fallback.interval };
  if (from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to) {
    const days = daysInRange(from, to);
    const chosen = interval ?? (days <= 62 ? 'day' : days <= 366 ? 'week' : 'month');
    const fits = days <= (chosen === 'day' ? REPORT_MAX_DAYS_BY_DAY : REPORT_MAX_DAYS);
    if (fits) range = { from, to, interval: chosen };
  }
  const report = allowed.find((kind) => kind === params.get('report')) ?? allowed[0] ?? 'support';
  const assigneeId = params.get('assigneeId');
  return {
    report,
    ...range,
    assigneeId: isUuid(assigneeId) ? assigneeId : null,
    priority: priorities.find((value) => value === params.get('priority')) ?? null,
  };
}

/** The API's query for a report (format and rows added by the exports). */
export function reportQuery(params: ReportParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ from: params.from, to: params.to, interval: params.interval });
  if (params.report === 'support') {
    if (params.assigneeId) query.set('assigneeId', params.assigneeId);
    if (params.priority) query.set('priority', params.priority);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** The tickets list behind a support bar: created on the bar's days (and breached, for the SLA bar). */
export function ticketsBehind(
  bounds: { start: string; end: string },
  params: Pick<ReportParams, 'assigneeId'>,
  sla?: 'breached',
): string {
  const query = new URLSearchParams({ from: bounds.start, to: bounds.end });
  if (params.assigneeId) query.set('assigneeId', params.assigneeId);
  if (sla) query.set('sla', sla);
  return `/admin/service-requests?${query.toString()}`;
}

/** The orders list behind a sales bar (its from/to are whole UTC days; see docs/reports.md). */
export function ordersBehind(bounds: { start: string; end: string }): string {
  return `/admin/orders?${new URLSearchParams({ from: bounds.start, to: bounds.end }).toString()}`;
}
