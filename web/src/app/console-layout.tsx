import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { TWO_FACTOR_PAGE } from '@shared/schemas/two-factor';
import { useAccount } from '@/features/account/api/account';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/use-user';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { ConsoleAccount } from '@/features/auth/components/console-account';
import { StaffEventsProvider } from '@/lib/live/staff-events';
import { StaffRoleProvider } from '@/lib/staff-role';
import { ConsoleGuestFrame, ConsoleShell } from '@/features/console/components/console-shell';
import { StaffOnly } from '@/features/console/components/staff-only';
import { SeedDatabasePanel } from '@/features/seeding/components/seed-database-panel';
import { SlaAlerts } from '@/features/ticket-alerts/components/sla-alerts';
import { TicketAlertsControl } from '@/features/ticket-alerts/components/ticket-alerts-control';

const isAdminIndex = (pathname: string) => pathname === '/admin' || pathname === '/admin/';

/**
 * /admin/*: staff get the console (its shell, live staff events, the screen).
 * The server checks the role on every call and on the socket; this only picks
 * the screen. /admin itself stays the spec's seeding card for everyone else
 * (the admin token guards it), also while the session is being read (the
 * prerendered page); any other console path sends visitors to log in and
 * shows clients "Staff only".
 */
export function ConsoleLayout() {
  const { user, isLoading } = useUser();
  const { pathname } = useLocation();
  if (user?.accountType === 'staff') {
    return (
      <StaffRoleProvider role={user.staffRole} userId={user.id}>
        <StaffConsole pathname={pathname} me={{ id: user.id, staffRole: user.staffRole }} />
      </StaffRoleProvider>
    );
  }
  if (isAdminIndex(pathname)) {
    return (
      <ConsoleGuestFrame title="Database Administration">
        <SeedDatabasePanel />
      </ConsoleGuestFrame>
    );
  }
  return (
    <ConsoleGuestFrame>
      {isLoading ? (
        <Spinner className="py-24" label="Checking your session" />
      ) : (
        <RequireAuth>{user ? <StaffOnly /> : null}</RequireAuth>
      )}
    </ConsoleGuestFrame>
  );
}

/**
 * The console for a staff member. An admin without two-factor sign-in is
 * sent to set it up first (decision 169; the server refuses every console
 * call meanwhile).
 */
function StaffConsole({ pathname, me }: { pathname: string; me: { id: string; staffRole: string | null } }) {
  const account = useAccount();
  if (account.data?.twoFactorRequired && !account.data.twoFactorEnabled) {
    return <Navigate to={`${TWO_FACTOR_PAGE}?next=${encodeURIComponent(pathname)}`} replace />;
  }
  return (
    <StaffEventsProvider>
      <ConsoleShell
        account={
          <div className="flex flex-col gap-3">
            <TicketAlertsControl />
            <ConsoleAccount />
          </div>
        }
      >
        <Outlet />
      </ConsoleShell>
      <SlaAlerts me={me} />
    </StaffEventsProvider>
  );
}
