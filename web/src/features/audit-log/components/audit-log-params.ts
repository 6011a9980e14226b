import type { AuditLogFilters } from '@shared/schemas/audit-log';

/** The audit log's filters as the URL holds them (/admin/audit-log?actor=&action=&from=&to=); the API checks them. */
export function readAuditLogParams(params: URLSearchParams): Required<AuditLogFilters> {
  return {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}
