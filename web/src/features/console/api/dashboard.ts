import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardCounts } from '@shared/schemas/dashboard';
import { useStaffEvents } from '@/lib/live/staff-events';
import { apiJson } from '@/lib/api-client';

export const dashboardQueryKey = ['/api/admin/dashboard'] as const;

/** GET /api/admin/dashboard (staff), asked again whenever a staff event says a count may have changed. */
export function useDashboardCounts() {
  const queryClient = useQueryClient();
  useStaffEvents(
    [
      'order.paid',
      'order.updated',
      'enquiry.created',
      'service_request.created',
      'service_request.updated',
      'chat.updated',
      'service_request.sla_at_risk',
      'service_request.sla_breached',
      'chat.sla_at_risk',
      'chat.sla_breached',
    ],
    () => void queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  );
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: () => apiJson<DashboardCounts>('GET', '/api/admin/dashboard'),
  });
}
