import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { AuditLogEntry, AuditLogFilters, AuditLogPage } from '@shared/schemas/audit-log';
import { apiJson } from '@/lib/api-client';

export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditLogQueryKey = ['/api/admin/audit-log'] as const;

/** The filters as a query string: only those set. */
export function auditLogQuery(filters: AuditLogFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['actor', 'action', 'from', 'to'] as const) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** GET /api/admin/audit-log (admins): a page of entries, newest first, from `cursor` (null: the newest). */
export function fetchAuditLogPage(filters: AuditLogFilters, cursor: string | null): Promise<AuditLogPage> {
  const query = auditLogQuery(filters);
  query.set('limit', String(AUDIT_LOG_PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return apiJson<AuditLogPage>('GET', `/api/admin/audit-log?${query.toString()}`);
}

/** The log under the filters, a page at a time ("Load more" fetches the next, older page). */
export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: [...auditLogQueryKey, filters.actor ?? '', filters.action ?? '', filters.from ?? '', filters.to ?? ''],
    queryFn: ({ pageParam }) => fetchAuditLogPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Every loaded entry, in order. */
export function loadedEntries(data: InfiniteData<AuditLogPage> | undefined): AuditLogEntry[] {
  return data?.pages.flatMap((page) => page.entries) ?? [];
}

/** The CSV export of every entry under the filters (a plain link: the browser, or the desktop, downloads it). */
export function auditLogCsvPath(filters: AuditLogFilters): string {
  const query = auditLogQuery(filters);
  query.set('format', 'csv');
  return `/api/admin/audit-log?${query.toString()}`;
}
