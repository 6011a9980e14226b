import { Monitor } from 'lucide-react';
import type { AccountSession } from '@shared/schemas/sessions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'unknown';

/** Where the account is signed in (decision 171): sign out one session, or every one but this. */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;

  const failed = (error: unknown) =>
    toast({ title: 'Sign Out Failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>Browsers and desktop consoles signed in to this account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <Spinner className="py-6" label="Loading your sessions" />
        ) : sessions.isError ? (
          <p className="text-sm text-slate-700">Your sessions could not be loaded.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Signed-in sessions">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={signOut.isPending && signOut.variables === session.id}
                onSignOut={() =>
                  signOut.mutate(session.id, {
                    onSuccess: () => {
                      // Signing this one out is signing out: the page's session is gone.
                      if (session.current) window.location.assign('/login');
                    },
                    onError: failed,
                  })
                }
              />
            ))}
          </ul>
        )}
        {others > 0 ? (
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: (answer) =>
                  toast({
                    title: 'Signed Out Elsewhere',
                    description: `${answer.ended} other session${answer.ended === 1 ? '' : 's'} signed out.`,
                  }),
                onError: failed,
              })
            }
          >
            Sign out everywhere else
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, pending, onSignOut }: { session: AccountSession; pending: boolean; onSignOut(): void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">
            {session.device} {session.current ? <Badge>This session</Badge> : null}
          </p>
          <p className="text-sm break-words text-slate-600">
            {session.ip ?? 'Unknown address'} · signed in {when(session.signedInAt)} · last seen{' '}
            {when(session.lastSeenAt)}
          </p>
        </div>
      </div>
      <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onSignOut}>
        Sign out
      </Button>
    </li>
  );
}
