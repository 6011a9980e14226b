import { describe, expect, it } from 'vitest';
import { formatBusinessAndCalendar, formatMinutes } from './format';
import { presetOf, presetRange, readReportParams, reportQuery, ticketsBehind } from './report-params';

const STAFF = '0b9f3c1e-5a43-4c1f-9e1a-2f6c1d2e3a4b';
const read = (query: string, allowed: ('support' | 'sales')[] = ['support', 'sales']) =>
  readReportParams(new URLSearchParams(query), allowed, '2026-03-15');

describe('the date-range presets', () => {
  it('counts back from today, both ends included, and knows months and years', () => {
    expect(presetRange('last7', '2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15', interval: 'day' });
    expect(presetRange('last30', '2026-03-15')).toEqual({ from: '2026-02-14', to: '2026-03-15', interval: 'day' });
    expect(presetRange('last90', '2026-03-15')).toEqual({ from: '2025-12-16', to: '2026-03-15', interval: 'week' });
    expect(presetRange('thisMonth', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15', interval: 'day' });
    expect(presetRange('lastMonth', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28', interval: 'day' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31', interval: 'day' });
    expect(presetRange('thisYear', '2026-03-15')).toEqual({ from: '2026-01-01', to: '2026-03-15', interval: 'week' });
    expect(presetOf('2026-02-01', '2026-02-28', '2026-03-15')).toBe('lastMonth');
    expect(presetOf('2026-02-01', '2026-02-27', '2026-03-15')).toBeNull();
  });
});

describe('the Reports screen read from the URL', () => {
  it('defaults to the last 90 days by week, and the first report the role may open', () => {
    expect(read('')).toEqual({
      report: 'support',
      from: '2025-12-16',
      to: '2026-03-15',
      interval: 'week',
      assigneeId: null,
      priority: null,
    });
    expect(read('report=support', ['sales']).report).toBe('sales');
  });

  it('takes what the API would take, and reads anything else as the default', () => {
    expect(read(`report=sales&from=2026-01-01&to=2026-01-31&interval=day&assigneeId=${STAFF}&priority=high`)).toEqual({
      report: 'sales',
      from: '2026-01-01',
      to: '2026-01-31',
      interval: 'day',
      assigneeId: STAFF,
      priority: 'high',
    });
    expect(read('from=2026-02-30&to=2026-03-01').from).toBe('2025-12-16');
    expect(read('from=2026-03-10&to=2026-03-01').from).toBe('2025-12-16');
    expect(read('from=2024-01-01&to=2026-03-01&interval=day').from).toBe('2025-12-16');
    expect(read('from=2026-01-01&to=2026-12-31').interval).toBe('week');
    expect(read('assigneeId=bob&priority=critical')).toMatchObject({ assigneeId: null, priority: null });
  });

  it('sends the support filters only to the support report, and opens the tickets behind a bar', () => {
    const params = read(`from=2026-01-01&to=2026-01-31&interval=week&assigneeId=${STAFF}&priority=low`);
    expect(reportQuery(params)).toBe(`from=2026-01-01&to=2026-01-31&interval=week&assigneeId=${STAFF}&priority=low`);
    expect(reportQuery({ ...params, report: 'sales' }, { format: 'csv' })).toBe(
      'from=2026-01-01&to=2026-01-31&interval=week&format=csv',
    );
    expect(ticketsBehind({ start: '2026-01-05', end: '2026-01-11' }, params, 'breached')).toBe(
      `/admin/service-requests?from=2026-01-05&to=2026-01-11&assigneeId=${STAFF}&sla=breached`,
    );
  });
});

describe('durations', () => {
  it('reads as minutes, hours or days, with calendar time where it differs from business time', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(45.4)).toBe('45 min');
    expect(formatMinutes(185)).toBe('3 h 05 min');
    expect(formatMinutes(3120)).toBe('2 d 4 h');
    expect(formatBusinessAndCalendar(90, 90)).toBe('1 h 30 min business');
    expect(formatBusinessAndCalendar(90, 1530)).toBe('1 h 30 min business (1 d 1 h calendar)');
  });
});
