import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '@shared/schemas/auth';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '../api/use-user';

/** Renders its children for a logged-in user; otherwise goes to /login and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useUser();
  const location = useLocation();
  if (isLoading) return <Spinner className="py-24" label="Checking your session" />;
  if (!isAuthenticated) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}

/** The "next" path from the query string, if it is one of ours. */
export function useNextPath(fallback = '/portal'): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'), fallback);
}

/**
 * Where a signed-in account goes after logging in: the page it was heading
 * to (?next=), else staff to the console and clients to their portal.
 */
export function useLandingPath(): (user: { accountType: string }) => string {
  const [params] = useSearchParams();
  const next = useNextPath();
  const asked = params.has('next');
  return (user) => (!asked && user.accountType === 'staff' ? '/admin' : next);
}

/** Login and signup are for logged-out visitors: others go on to where they were heading. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { isLoading, user } = useUser();
  const landing = useLandingPath();
  if (!isLoading && user) return <Navigate to={landing(user)} replace />;
  return <>{children}</>;
}

/**
 * A link to the other auth page that keeps `next`. The prerendered page has
 * no query string, so the link carries ?next= only after hydration: the HTML
 * and the first client render stay identical.
 */
export function useAuthLink(page: '/login' | '/signup', next: string): string {
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  return !hydrated || next === '/portal' ? page : `${page}?next=${encodeURIComponent(next)}`;
}

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;
