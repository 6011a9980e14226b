import Router from '@koa/router';
import type { Context } from 'koa';
import { salesReportQuerySchema, supportReportQuerySchema } from '@shared/schemas/reports';
import type { AppDeps } from '../../app-deps';
import { csvRow } from '../../csv';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
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

/** The console's reports (issue 27): support for `reports.support`, sales for `reports.sales`; JSON or CSV. */
export function reportsRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/reports/support',
    requirePermission('reports.support'),
    validate({ query: supportReportQuerySchema }),
    async (ctx) => {
      const query = ctx.state.input.query;
      ctx.set('Cache-Control', 'no-store');
      if (query.format === 'json') {
        ctx.body = await supportReport(db, query);
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
          supportIntervalCsvRows(await supportReport(db, query)),
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
        ctx.body = await salesReport(db, query);
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
          salesIntervalCsvRows(await salesReport(db, query)),
        );
      }
    },
  );

  return router;
}
