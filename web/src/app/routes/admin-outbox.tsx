import { PageContainer } from '@/components/layout/page-container';
import { useUser } from '@/features/auth/api/use-user';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { OutboxScreen } from '@/features/outbox/components/outbox-screen';
import { StaffOnly } from '@/features/staff-chat/components/staff-only';

function StaffOutbox() {
  const { user } = useUser();
  if (!user) return null;
  // The server checks the role on every call; this only picks the screen.
  if (user.accountType !== 'staff') return <StaffOnly />;
  return <OutboxScreen />;
}

/** /admin/outbox, guarded like /admin/chat: logged out → /login; not staff → "Staff only". */
export function Component() {
  return (
    <PageContainer className="py-10">
      <RequireAuth>
        <StaffOutbox />
      </RequireAuth>
    </PageContainer>
  );
}
