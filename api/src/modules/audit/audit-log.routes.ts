import { Readable } from 'node:stream';
import Router from '@koa/router';
import { auditLogQuerySchema } from '@shared/schemas/audit-log';
import type { AppDeps } from '../../app-deps';
import { BadRequest } from '../../errors';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditLogCsv, listAuditLog } from './audit-log.service';

/** The audit log for those who may read it (admins): a page at a time, or every matching row as CSV. */
export function auditLogRoutes({ db, logger }: AppDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/audit-log',
    requirePermission('audit_log.read'),
    validate({ query: auditLogQuerySchema }),
    async (ctx) => {
      const query = ctx.state.input.query;
      ctx.set('Cache-Control', 'no-store');
      if (query.format === 'json') {
        ctx.body = await listAuditLog(db, query);
        return;
      }
      if (query.cursor) throw new BadRequest('cursor: the CSV export is every page of the filter; send no cursor');
      const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
      ctx.attachment(`audit-log-${stamp}.csv`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('X-Content-Type-Options', 'nosniff');
      const stream = Readable.from(auditLogCsv(db, query));
      // Headers are sent by then: a failure part-way can only cut the file short, and is logged.
      stream.on('error', (err) => logger.error({ err }, 'audit log CSV export failed part-way'));
      ctx.body = stream;
    },
  );

  return router;
}
