import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { apiJson } from '@/lib/api-client';

export const sessionQueryKey = ['/api/auth/session'] as const;

/**
 * Whether someone is logged in, for public pages: GET /api/auth/session
 * answers 200 either way, so a logged-out visit logs no failed request.
 */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => apiJson<{ user: PublicUser | null }>('GET', '/api/auth/session'),
  });
  return { user: query.data?.user ?? null, isLoading: query.isPending };
}
