import { useSearchParams } from 'react-router-dom';
import { isUuid } from '@shared/schemas/text';
import { PageContainer } from '@/components/layout/page-container';
import { useUser } from '@/features/auth/api/use-user';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { StaffChatConsole } from '@/features/staff-chat/components/staff-chat-console';
import { StaffOnly } from '@/features/staff-chat/components/staff-only';

function CustomerChat() {
  const { user } = useUser();
  // ?conversation=<id> (the link in a staff alert email) opens that conversation.
  const [params] = useSearchParams();
  const requested = params.get('conversation');
  const openRequest = isUuid(requested) ? { conversationId: requested, seq: 1 } : null;
  if (!user) return null;
  // The server checks the role on every call and on the socket; this only picks the screen.
  if (user.accountType !== 'staff') return <StaffOnly />;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Customer Chat</h1>
        <p className="mt-1 text-slate-600">
          Answer visitors live. New conversations and messages appear as they arrive.
        </p>
      </div>
      <StaffChatConsole openRequest={openRequest} />
    </div>
  );
}

/** Spec §2 /admin/chat: logged out → /login; logged in but not staff → "Staff only". */
export function Component() {
  return (
    <PageContainer className="py-10">
      <RequireAuth>
        <CustomerChat />
      </RequireAuth>
    </PageContainer>
  );
}
