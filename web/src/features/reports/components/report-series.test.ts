import { describe, expect, it } from 'vitest';
import type { DurationFigures } from '@shared/schemas/reports';
import { durationSeries, formatDuration, moneySeries, numberSeries } from './report-series';

const figures: DurationFigures = {
  count: 3,
  medianMinutes: 1530,
  p90Minutes: 45,
  medianBusinessMinutes: 90,
  p90BusinessMinutes: 45,
};
type Row = { firstResponse: DurationFigures; revenue: string; total: number };
const row: Row = { firstResponse: figures, revenue: '1234.50', total: 7 };
const look = { key: 'k', name: 'Name', color: '#000' };

describe('report series', () => {
  it('charts a count as it is, with the list behind it when there is one', () => {
    const count = numberSeries<Row>(
      look,
      (r) => r.total,
      () => '/admin/service-requests',
    );
    expect(count).toMatchObject(look);
    expect(count.value(row)).toBe(7);
    expect(count.format).toBeUndefined();
    expect(count.href?.(row)).toBe('/admin/service-requests');
    expect(numberSeries<Row>(look, (r) => r.total).href).toBeUndefined();
  });

  it('charts a duration in business minutes and writes calendar time beside it where it differs', () => {
    expect(formatDuration(figures)).toBe('1 h 30 min business (1 d 1 h calendar)');
    expect(formatDuration(figures, 'p90')).toBe('45 min business');
    const median = durationSeries<Row>(
      look,
      (r) => r.firstResponse,
      'median',
      () => '/x',
    );
    expect(median.value(row)).toBe(90);
    expect(median.format?.(row)).toBe('1 h 30 min business (1 d 1 h calendar)');
    expect(median.href?.(row)).toBe('/x');
    const p90 = durationSeries<Row>(look, (r) => r.firstResponse, 'p90');
    expect(p90.value(row)).toBe(45);
    expect(p90.format?.(row)).toBe('45 min business');
    expect(p90.href).toBeUndefined();
  });

  it('charts money as a number and writes it in dollars', () => {
    const revenue = moneySeries<Row>(look, (r) => r.revenue);
    expect(revenue.value(row)).toBe(1234.5);
    expect(revenue.format?.(row)).toBe('$1,234.50');
    expect(revenue.href).toBeUndefined();
  });
});
