import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessHours } from '@shared/schemas/support';
import { apiJson } from '@/lib/api-client';

const PATH = '/api/admin/settings/business-hours';
const queryKey = [PATH] as const;

/** GET /api/admin/settings/business-hours (admins). */
export function useBusinessHoursSetting() {
  return useQuery({ queryKey, queryFn: () => apiJson<BusinessHours>('GET', PATH) });
}

/** PUT /api/admin/settings/business-hours: the whole value; 400 names what is wrong and stores nothing. */
export function useSaveBusinessHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: BusinessHours) => apiJson<BusinessHours>('PUT', PATH, hours),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/business-hours'] });
    },
  });
}
