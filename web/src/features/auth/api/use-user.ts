import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { getQueryFn } from '@/lib/api-client';

export const userQueryKey = ['/api/auth/user'] as const;

/** The logged-in user, or null when logged out (a 401 is not an error here). */
export function useUser() {
  const query = useQuery({
    queryKey: userQueryKey,
    queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAuthenticated: Boolean(query.data),
    error: query.error,
  };
}

export function displayName(user: Pick<PublicUser, 'firstName' | 'username'>): string {
  return user.firstName || user.username;
}
