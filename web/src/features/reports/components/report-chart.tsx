import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Link } from 'react-router-dom';

/**
 * One chart of a report, drawn with Recharts (SVG): bars or lines, one point
 * per interval. Colours are mid-tones that keep 3:1 against both a light and a
 * dark background, and the axes, grid and legend draw in the text colour
 * around them (`currentColor`), so the chart reads in either theme. Below it,
 * the same figures as a table (the accessible form, and where each figure is
 * a link to the list behind it). Clicking a bar or a point opens that list.
 */

export interface ChartSeries<Row> {
  key: string;
  name: string;
  color: string;
  value(row: Row): number | null;
  /** The list behind this series at a row, if any (a console path with its filters). */
  href?(row: Row): string | null;
  /** How the table writes the value (default: the number). */
  format?(row: Row): string;
}

export const chartColors = {
  blue: '#3b82f6',
  red: '#ef4444',
  green: '#10b981',
  amber: '#f59e0b',
  violet: '#8b5cf6',
  slate: '#64748b',
} as const;

export function ReportChart<Row extends { start: string; end: string }>({
  title,
  description,
  kind,
  rows,
  series,
  stacked,
  extraColumns = [],
}: {
  title: string;
  description: string;
  kind: 'bar' | 'line';
  rows: readonly Row[];
  series: readonly ChartSeries<Row>[];
  stacked?: boolean;
  /** Columns only the table shows (e.g. calendar minutes beside business minutes). */
  extraColumns?: readonly { name: string; format(row: Row): string }[];
}) {
  const navigate = useNavigate();
  const id = useId();
  const data = rows.map((row) => ({
    label: row.start === row.end ? row.start : `${row.start} – ${row.end}`,
    ...Object.fromEntries(series.map((s) => [s.key, s.value(row)])),
  }));
  const open = (s: ChartSeries<Row>, index: number | undefined) => {
    const row = index === undefined ? undefined : rows[index];
    const href = row && s.href?.(row);
    if (href) void navigate(href);
  };
  const axes = (
    <>
      <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
      <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" minTickGap={16} />
      <YAxis tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" allowDecimals width={48} />
      <Tooltip contentStyle={{ color: '#0f172a' }} />
      <Legend wrapperStyle={{ color: 'currentColor' }} />
    </>
  );

  return (
    <figure
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-700"
      aria-labelledby={`${id}-title`}
    >
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-navy-900">
          {title}
        </h2>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </figcaption>
      <div className="h-64 w-full" data-chart={title}>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'bar' ? (
            <BarChart data={data} accessibilityLayer aria-describedby={`${id}-description`}>
              {axes}
              {series.map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  fill={s.color}
                  stackId={stacked ? 'stack' : undefined}
                  cursor={s.href ? 'pointer' : undefined}
                  onClick={(_entry, index) => open(s, index)}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          ) : (
            <LineChart
              data={data}
              accessibilityLayer
              aria-describedby={`${id}-description`}
              onClick={(state) => {
                const index = state?.activeIndex;
                const first = series.find((s) => s.href);
                if (first && index !== undefined && index !== null) open(first, Number(index));
              }}
            >
              {axes}
              {series.map((s) => (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  stroke={s.color}
                  strokeWidth={2}
                  dot={{ r: 3 }}
                  connectNulls
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-navy-700">{title}: data table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}, one row per interval</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Interval
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-2 py-1 font-semibold">
                    {s.name}
                  </th>
                ))}
                {extraColumns.map((column) => (
                  <th key={column.name} scope="col" className="px-2 py-1 font-semibold">
                    {column.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, index) => (
                <tr key={row.start}>
                  <th scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                    {data[index]!.label}
                  </th>
                  {series.map((s) => {
                    const text = s.format ? s.format(row) : String(s.value(row) ?? '—');
                    const href = s.href?.(row);
                    return (
                      <td key={s.key} className="px-2 py-1">
                        {href ? (
                          <Link to={href} className="text-navy-700 underline">
                            {text}
                          </Link>
                        ) : (
                          text
                        )}
                      </td>
                    );
                  })}
                  {extraColumns.map((column) => (
                    <td key={column.name} className="px-2 py-1">
                      {column.format(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
