import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SalesReport, SupportReport } from '@shared/schemas/reports';
import { PRIORITY_LABELS, priorities } from '@shared/schemas/support';
import { FilterField, useListParams } from '@/components/console/console-list';
import { Button, buttonClasses } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useMay } from '@/lib/staff-role';
import { reportCsvPath, useSalesReport, useSupportReport } from '../api/reports';
import { DateRangePicker } from './date-range-picker';
import { formatMinutes, formatMoney, formatPercent } from './format';
import { chartColors, ReportChart } from './report-chart';
import { durationSeries, formatDuration, moneySeries, numberSeries } from './report-series';
import {
  ordersBehind,
  readReportParams,
  ticketsBehind,
  todayIn,
  type ReportKind,
  type ReportParams,
} from './report-params';

const REPORT_LABELS: Record<ReportKind, string> = { support: 'Support', sales: 'Sales' };

type SupportRow = SupportReport['intervals'][number];
type SalesRow = SalesReport['intervals'][number];

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-navy-900">{value}</p>
      {detail ? <p className="text-xs text-slate-600">{detail}</p> : null}
    </div>
  );
}

function Exports({ params }: { params: ReportParams }) {
  const base = `${params.report}-report-${params.from}-to-${params.to}`;
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={reportCsvPath(params, 'intervals')}
        download={`${base}-by-${params.interval}.csv`}
        className={buttonClasses('outline')}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Export CSV (by {params.interval})
      </a>
      <a href={reportCsvPath(params, 'items')} download={`${base}-items.csv`} className={buttonClasses('outline')}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Export CSV ({params.report === 'support' ? 'tickets and chats' : 'orders, refunds, quotes'})
      </a>
    </div>
  );
}

function SupportView({ report, params }: { report: SupportReport; params: ReportParams }) {
  const { total } = report;
  const rows = report.intervals;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat
          label="New"
          value={String(total.new.total)}
          detail={`${total.new.tickets} tickets, ${total.new.chats} chats`}
        />
        <Stat
          label="Resolved"
          value={String(total.resolved.total)}
          detail={`${total.resolved.tickets} tickets, ${total.resolved.chats} chats`}
        />
        <Stat
          label="First response (median)"
          value={formatMinutes(total.firstResponse.medianBusinessMinutes)}
          detail={formatDuration(total.firstResponse)}
        />
        <Stat
          label="SLA met"
          value={formatPercent(total.sla.metPercent)}
          detail={`${total.sla.met} of ${total.sla.counted}; ${total.sla.breached} breached`}
        />
        <Stat
          label="Satisfaction"
          value={total.csat.average === null ? '—' : `${total.csat.average} / 5`}
          detail={`${total.csat.count} ratings`}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportChart<SupportRow>
          title="New and resolved"
          description="Tickets and chats opened, and resolved (a chat: closed), per interval. A New bar opens the tickets created then."
          kind="bar"
          rows={rows}
          series={[
            numberSeries(
              { key: 'new', name: 'New', color: chartColors.blue },
              (r) => r.new.total,
              (r) => ticketsBehind(r, params),
            ),
            numberSeries({ key: 'resolved', name: 'Resolved', color: chartColors.green }, (r) => r.resolved.total),
          ]}
        />
        <ReportChart<SupportRow>
          title="Service levels"
          description="Items created in the interval whose clocks have ended: met, or breached. A Breached bar opens those tickets."
          kind="bar"
          stacked
          rows={rows}
          series={[
            numberSeries(
              { key: 'met', name: 'Met', color: chartColors.green },
              (r) => r.sla.met,
              (r) => ticketsBehind(r, params),
            ),
            numberSeries(
              { key: 'breached', name: 'Breached', color: chartColors.red },
              (r) => r.sla.breached,
              (r) => ticketsBehind(r, params, 'breached'),
            ),
          ]}
          extraColumns={[{ name: 'Met %', format: (r) => formatPercent(r.sla.metPercent) }]}
        />
        <ReportChart<SupportRow>
          title="Response and resolution times"
          description="Medians and 90th percentiles in business minutes (the table adds calendar time where it differs)."
          kind="line"
          rows={rows}
          series={[
            durationSeries(
              { key: 'frt', name: 'First response, median', color: chartColors.blue },
              (r) => r.firstResponse,
              'median',
              (r) => ticketsBehind(r, params),
            ),
            durationSeries(
              { key: 'frt90', name: 'First response, p90', color: chartColors.violet },
              (r) => r.firstResponse,
              'p90',
            ),
            durationSeries(
              { key: 'rt', name: 'Resolution, median', color: chartColors.green },
              (r) => r.resolution,
              'median',
            ),
            durationSeries(
              { key: 'rt90', name: 'Resolution, p90', color: chartColors.amber },
              (r) => r.resolution,
              'p90',
            ),
          ]}
        />
        <ReportChart<SupportRow>
          title="Satisfaction"
          description="Average rating (1 to 5) of the surveys answered in the interval."
          kind="line"
          rows={rows}
          series={[
            {
              key: 'csat',
              name: 'Average rating',
              color: chartColors.amber,
              value: (r) => r.csat.average,
              format: (r) => (r.csat.average === null ? '—' : `${r.csat.average} (${r.csat.count})`),
            },
          ]}
        />
      </div>
      <section aria-labelledby="report-staff" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="report-staff" className="text-lg font-semibold text-navy-900">
          By staff member
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                {[
                  'Staff member',
                  'New',
                  'Resolved',
                  'First response (median)',
                  'Resolution (median)',
                  'SLA met',
                  'Satisfaction',
                ].map((name) => (
                  <th key={name} scope="col" className="px-2 py-1 font-semibold">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.staff.map((member) => (
                <tr key={member.assigneeId ?? 'none'}>
                  <th scope="row" className="px-2 py-1 font-medium">
                    {member.name}
                  </th>
                  <td className="px-2 py-1">{member.new.total}</td>
                  <td className="px-2 py-1">{member.resolved.total}</td>
                  <td className="px-2 py-1">{formatDuration(member.firstResponse)}</td>
                  <td className="px-2 py-1">{formatDuration(member.resolution)}</td>
                  <td className="px-2 py-1">
                    {formatPercent(member.sla.metPercent)} ({member.sla.met}/{member.sla.counted})
                  </td>
                  <td className="px-2 py-1">
                    {member.csat.average === null ? '—' : `${member.csat.average} (${member.csat.count})`}
                  </td>
                </tr>
              ))}
              {report.staff.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-2 py-3 text-center text-slate-600">
                    Nothing in this range.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function SalesView({ report }: { report: SalesReport }) {
  const { total } = report;
  const rows = report.intervals;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label="Paid orders" value={String(total.paidOrders)} detail={formatMoney(total.revenue)} />
        <Stat label="Refunds" value={formatMoney(total.refunds.amount)} detail={`${total.refunds.count} refunds`} />
        <Stat label="Net revenue" value={formatMoney(total.netRevenue)} />
        <Stat label="MRR" value={formatMoney(total.mrr)} detail={`${formatMoney(total.mrrChange)} over the range`} />
        <Stat
          label="Quote win rate"
          value={formatPercent(total.quotes.winRatePercent)}
          detail={`${total.quotes.accepted} accepted, ${total.quotes.declined} declined`}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportChart<SalesRow>
          title="Revenue"
          description="Orders paid, refunds made and what remains, in US dollars. A bar opens the orders of those days."
          kind="bar"
          rows={rows}
          series={[
            moneySeries(
              { key: 'revenue', name: 'Revenue', color: chartColors.blue },
              (r) => r.revenue,
              (r) => ordersBehind(r),
            ),
            moneySeries({ key: 'refunds', name: 'Refunds', color: chartColors.red }, (r) => r.refunds.amount),
            moneySeries({ key: 'net', name: 'Net', color: chartColors.green }, (r) => r.netRevenue),
          ]}
          extraColumns={[{ name: 'Paid orders', format: (r) => String(r.paidOrders) }]}
        />
        <ReportChart<SalesRow>
          title="Monthly recurring revenue"
          description="Active subscriptions' monthly price at the end of each interval (a yearly plan counts a twelfth)."
          kind="line"
          rows={rows}
          series={[moneySeries({ key: 'mrr', name: 'MRR', color: chartColors.violet }, (r) => r.mrr)]}
          extraColumns={[{ name: 'Change', format: (r) => formatMoney(r.mrrChange) }]}
        />
        <ReportChart<SalesRow>
          title="Quotes"
          description="Quotes sent, accepted and declined in each interval."
          kind="bar"
          rows={rows}
          series={[
            numberSeries({ key: 'sent', name: 'Sent', color: chartColors.blue }, (r) => r.quotes.sent),
            numberSeries({ key: 'accepted', name: 'Accepted', color: chartColors.green }, (r) => r.quotes.accepted),
            numberSeries({ key: 'declined', name: 'Declined', color: chartColors.red }, (r) => r.quotes.declined),
          ]}
          extraColumns={[
            { name: 'Win rate', format: (r) => formatPercent(r.quotes.winRatePercent) },
            {
              name: 'Days to accept',
              format: (r) => (r.quotes.averageDaysToAccept === null ? '—' : String(r.quotes.averageDaysToAccept)),
            },
          ]}
        />
      </div>
    </div>
  );
}

function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch(): unknown };
  children(data: T): ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading the report" className="py-12" />;
  if (query.isError || !query.data)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-sm text-red-700">
        <p>{errorMessage(query.error, 'The report could not be loaded. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}

/**
 * Reports (/admin/reports): the support report for support staff, the sales
 * report for sales, both for admins; the range, interval and filters live in
 * the URL; each chart's bars and points open the list behind them.
 */
export function ReportsScreen() {
  const maySupport = useMay('reports.support');
  const maySales = useMay('reports.sales');
  const allowed: ReportKind[] = [
    ...(maySupport ? (['support'] as const) : []),
    ...(maySales ? (['sales'] as const) : []),
  ];
  const [searchParams, navigate] = useListParams();
  const today = todayIn(undefined);
  const params = readReportParams(searchParams, allowed, today);
  const support = useSupportReport(params, maySupport && params.report === 'support');
  const sales = useSalesReport(params, maySales && params.report === 'sales');
  const timeZone = params.report === 'support' ? support.data?.timeZone : sales.data?.timeZone;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">Reports</h1>
          <p className="mt-1 text-slate-600">
            Days and weeks are cut in the business time zone{timeZone ? ` (${timeZone})` : ''}; times count business
            minutes, with calendar time beside them where it differs.
          </p>
        </div>
        <Exports params={params} />
      </div>
      {allowed.length > 1 ? (
        <div role="tablist" aria-label="Report" className="flex gap-2 border-b border-slate-200">
          {allowed.map((kind) => (
            <button
              key={kind}
              type="button"
              role="tab"
              aria-selected={params.report === kind}
              onClick={() => navigate({ report: kind })}
              className={cn(
                '-mb-px border-b-2 px-4 py-2 text-sm font-semibold',
                params.report === kind ? 'border-navy-700 text-navy-900' : 'border-transparent text-slate-600',
              )}
            >
              {REPORT_LABELS[kind]}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <DateRangePicker
          from={params.from}
          to={params.to}
          interval={params.interval}
          today={today}
          onChange={(change) =>
            navigate({
              from: change.from ?? params.from,
              to: change.to ?? params.to,
              interval: change.interval ?? params.interval,
            })
          }
        />
        {params.report === 'support' ? (
          <FilterField label="Priority">
            <Select
              value={params.priority ?? ''}
              onChange={(event) => navigate({ priority: event.target.value || null })}
            >
              <option value="">All priorities</option>
              {priorities.map((value) => (
                <option key={value} value={value}>
                  {PRIORITY_LABELS[value]}
                </option>
              ))}
            </Select>
          </FilterField>
        ) : null}
      </div>
      {params.report === 'support' ? (
        <Loaded query={support}>{(report) => <SupportView report={report} params={params} />}</Loaded>
      ) : (
        <Loaded query={sales}>{(report) => <SalesView report={report} />}</Loaded>
      )}
    </div>
  );
}
