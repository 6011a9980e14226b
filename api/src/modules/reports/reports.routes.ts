import Router from '@koa/router';
import type { Context } from 'koa';
import {
  salesReportQuerySchema,
  supportReportQuerySchema,
  type SalesReportQuery,
  type SupportReportQuery,
} from '@shared/schemas/reports';
import type { AppDeps } from '../../app-deps';
import { csvRow } from '../../csv';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { reportCache } from './report-cache';
import {
  SALES_INTERVAL_CSV_HEADER,
  SALES_ITEMS_CSV_HEADER,
  salesIntervalCsvRows,
  salesItemCsvRows,
  salesReport,
} from './sales-report';
import {
  SUPPORT_INTERVAL_CSV_HEADER,
  SUPPORT_ITEMS_CSV_HEADER,
  supportIntervalCsvRows,
  supportItemCsvRows,
  supportReport,
} from './support-report';

function sendCsv(ctx: Context, name: string, header: readonly unknown[], rows: readonly unknown[][]): void {
  ctx.attachment(`${name}.csv`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = csvRow(header) + rows.map(csvRow).join('');
}

/** What a report's figures depend on in its query (not how they are sent). */
function reportKey({ format: _format, rows: _rows, ...figures }: SupportReportQuery | SalesReportQuery): string {
  return JSON.stringify(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b)));
}

/** The console's reports (issue 27): support for `reports.support`, sales for `reports.sales`; JSON or CSV. */
export function reportsRoutes({ db }: AppDeps): Router {
  const router = new Router();
  // Figures answered again from memory while nothing they read has changed (decision 214).
  const cache = reportCache(db);
  // A support report counted live from stale facts is not kept: the next request counts again, and has the
  // background recount run if it stopped (decision 210).
  const support = (query: SupportReportQuery) =>
    cache.get('support', reportKey(query), async () => {
      const counting = { live: false };
      const value = await supportReport(db, query, counting);
      return { value, keep: !counting.live };
    });
  const sales = (query: SalesReportQuery) =>
    cache.get('sales', reportKey(query), async () => ({ value: await salesReport(db, query), keep: true }));

  router.get(
    '/api/admin/reports/support',
    requirePermission('reports.support'),
    validate({ query: supportReportQuerySchema }),
    async (ctx) => {
      const query = ctx.state.input.query;
      ctx.set('Cache-Control', 'no-store');
      if (query.format === 'json') {
        ctx.body = await support(query);
        return;
      }
      const name = `support-report-${query.from}-to-${query.to}`;
      if (query.rows === 'items') {
        sendCsv(ctx, `${name}-items`, SUPPORT_ITEMS_CSV_HEADER, await supportItemCsvRows(db, query));
      } else {
        sendCsv(
          ctx,
          `${name}-by-${query.interval}`,
          SUPPORT_INTERVAL_CSV_HEADER,
          supportIntervalCsvRows(await support(query)),
        );
      }
    },
  );

  router.get(
    '/api/admin/reports/sales',
    requirePermission('reports.sales'),
    validate({ query: salesReportQuerySchema }),
    async (ctx) => {
      const query = ctx.state.input.query;
      ctx.set('Cache-Control', 'no-store');
      if (query.format === 'json') {
        ctx.body = await sales(query);
        return;
      }
      const name = `sales-report-${query.from}-to-${query.to}`;
      if (query.rows === 'items') {
        sendCsv(ctx, `${name}-items`, SALES_ITEMS_CSV_HEADER, await salesItemCsvRows(db, query));
      } else {
        sendCsv(
          ctx,
          `${name}-by-${query.interval}`,
          SALES_INTERVAL_CSV_HEADER,
          salesIntervalCsvRows(await sales(query)),
        );
      }
    },
  );

  return router;
}
