import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SalesReport, SupportReport } from '@shared/schemas/reports';
import { apiJson } from '@/lib/api-client';
import { reportQuery, type ReportParams } from '../components/report-params';

/** GET /api/admin/reports/support (support and admins). */
export function useSupportReport(params: ReportParams, enabled: boolean) {
  const query = reportQuery({ ...params, report: 'support' });
  return useQuery({
    queryKey: ['/api/admin/reports/support', query],
    queryFn: () => apiJson<SupportReport>('GET', `/api/admin/reports/support?${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/admin/reports/sales (sales and admins). */
export function useSalesReport(params: ReportParams, enabled: boolean) {
  const query = reportQuery({ ...params, report: 'sales' });
  return useQuery({
    queryKey: ['/api/admin/reports/sales', query],
    queryFn: () => apiJson<SalesReport>('GET', `/api/admin/reports/sales?${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV exports: one row per interval, or one per item behind the figures (plain links the desktop saves too). */
export function reportCsvPath(params: ReportParams, rows: 'intervals' | 'items'): string {
  return `/api/admin/reports/${params.report}?${reportQuery(params, { format: 'csv', rows })}`;
}
