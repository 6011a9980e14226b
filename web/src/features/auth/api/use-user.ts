import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { apiJson } from '@/lib/api-client';

export const userQueryKey = ['/api/auth/session'] as const;

export interface SessionAnswer {
  user: PublicUser | null;
}

/** The session query, for useQuery and for screens that add options of their own (the desktop console). */
export const userQuery = {
  queryKey: userQueryKey,
  queryFn: () => apiJson<SessionAnswer>('GET', '/api/auth/session'),
};

/**
 * The logged-in user, or null. Reads GET /api/auth/session, which answers 200
 * either way: a logged-out visit logs no failed request in the browser
 * (GET /api/auth/user, the spec's call, answers 401 then; see decision 026).
 */
export function useUser() {
  const query = useQuery(userQuery);
  const user = query.data?.user ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    error: query.error,
  };
}

export function displayName(user: Pick<PublicUser, 'firstName' | 'username'>): string {
  return user.firstName || user.username;
}
