import { useQuery } from '@tanstack/react-query';
import type { PublicBusinessHours } from '@shared/business-hours-words';

/** GET /api/business-hours: the hours as the team set them, open now, a holiday today, the next opening. */
export function usePublicBusinessHours() {
  return useQuery<PublicBusinessHours>({ queryKey: ['/api/business-hours'], staleTime: 30_000 });
}
