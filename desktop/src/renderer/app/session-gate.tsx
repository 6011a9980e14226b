import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { TWO_FACTOR_PAGE } from '@shared/schemas/two-factor';
import { useAccount } from '@/features/account/api/account';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { userQuery, userQueryKey, type SessionAnswer } from '@/features/auth/api/use-user';
import { toast } from '@/lib/toast';
import type { ConsoleState } from '../../common/ipc-channels';
import { desktop } from '../bridge';
import { ConsoleShell } from '../components/console-shell';
import { LoginScreen } from '../components/login-screen';
import { Screen } from '../components/screen';
import { ServerUnreachable } from '../components/server-unreachable';

/** While the server cannot be reached, ask again this often. */
const SERVER_RETRY_MS = 5_000;

/**
 * Who is using the console, from GET /api/auth/session with the session the
 * main process holds (the same query as the web app's useUser): logged in
 * (the console), logged out or expired (log in), or the server is
 * unreachable (say so and keep trying).
 */
export function SessionGate({ state }: { state: ConsoleState & { serverUrl: string } }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    ...userQuery,
    refetchInterval: (query) => (query.state.status === 'error' ? SERVER_RETRY_MS : false),
  });
  // undefined: not known yet (or the server is unreachable); null: nobody is logged in.
  const user: PublicUser | null | undefined = session.data === undefined ? undefined : session.data.user;
  const holdsSession = useRef(state.signedIn);
  const [expired, setExpired] = useState(false);

  // The server no longer knows the session we hold: forget it and ask to log in again.
  useEffect(() => {
    if (user !== null || !holdsSession.current) return;
    holdsSession.current = false;
    setExpired(true);
    void desktop.logOut(true);
  }, [user]);

  const logOut = async () => {
    holdsSession.current = false;
    // Show the login screen first: the console unmounts and its socket closes before the session ends.
    queryClient.setQueryData<SessionAnswer>(userQueryKey, { user: null });
    await desktop.logOut(false);
    // Everything else cached belonged to that session.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    toast({ title: 'Logged Out', description: 'You have been logged out.' });
  };

  if (user === undefined) {
    if (session.isError) {
      return (
        <ServerUnreachable
          serverUrl={state.serverUrl}
          retrying={session.isFetching}
          onRetry={() => void session.refetch()}
        />
      );
    }
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Spinner label="Connecting to the server" />
      </main>
    );
  }
  if (user === null) {
    return (
      <LoginScreen
        serverUrl={state.serverUrl}
        expired={expired}
        onLoggedIn={(loggedIn) => {
          holdsSession.current = true;
          setExpired(false);
          queryClient.setQueryData<SessionAnswer>(userQueryKey, { user: loggedIn });
        }}
      />
    );
  }
  if (user.accountType !== 'staff') {
    return (
      <Screen title="Staff only" description="This account is not a staff account, so it cannot use the console.">
        <Button onClick={() => void logOut()}>Log Out</Button>
      </Screen>
    );
  }
  return (
    <TwoFactorEnrolment>
      <ConsoleShell
        user={user}
        serverUrl={state.serverUrl}
        settings={state.settings}
        updateReady={state.updateReady}
        onLogOut={() => void logOut()}
      />
    </TwoFactorEnrolment>
  );
}

/**
 * An admin without two-factor sign-in is sent to set it up before any console screen, as in the web console
 * (decision 169; the server refuses their console calls meanwhile), and comes back where they were going.
 */
function TwoFactorEnrolment({ children }: { children: ReactNode }) {
  const account = useAccount();
  const { pathname, search } = useLocation();
  const mustEnrol = account.data?.twoFactorRequired === true && !account.data.twoFactorEnabled;
  if (mustEnrol && pathname !== TWO_FACTOR_PAGE) {
    return <Navigate to={`${TWO_FACTOR_PAGE}?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return children;
}
