import type { DurationFigures } from '@shared/schemas/reports';
import { formatBusinessAndCalendar, formatMoney } from './format';
import type { ChartSeries } from './report-chart';

/** A series' key in the chart's data, its name in the legend and the table, and its colour. */
export type SeriesLook = Pick<ChartSeries<unknown>, 'key' | 'name' | 'color'>;

/** The list behind a series at a row (a console path with its filters). */
type Behind<Row> = (row: Row) => string | null;

/** The median (or 90th percentile) of a duration in business minutes, with calendar time beside it when it differs. */
export function formatDuration(figures: DurationFigures, at: 'median' | 'p90' = 'median'): string {
  return at === 'median'
    ? formatBusinessAndCalendar(figures.medianBusinessMinutes, figures.medianMinutes)
    : formatBusinessAndCalendar(figures.p90BusinessMinutes, figures.p90Minutes);
}

/** A series of a plain number (a count): charted and written as it is. */
export function numberSeries<Row>(look: SeriesLook, value: (row: Row) => number | null, href?: Behind<Row>) {
  const series: ChartSeries<Row> = { ...look, value };
  if (href) series.href = href;
  return series;
}

/** A series of one duration's median or 90th percentile: charted in business minutes, the table adds calendar time. */
export function durationSeries<Row>(
  look: SeriesLook,
  figures: (row: Row) => DurationFigures,
  at: 'median' | 'p90',
  href?: Behind<Row>,
): ChartSeries<Row> {
  const minutes = (row: Row) =>
    at === 'median' ? figures(row).medianBusinessMinutes : figures(row).p90BusinessMinutes;
  return { ...numberSeries(look, minutes, href), format: (row) => formatDuration(figures(row), at) };
}

/** A series of an amount of money (a decimal string): charted as a number, written in US dollars in the table. */
export function moneySeries<Row>(look: SeriesLook, amount: (row: Row) => string, href?: Behind<Row>): ChartSeries<Row> {
  return { ...numberSeries(look, (row) => Number(amount(row)), href), format: (row) => formatMoney(amount(row)) };
}
