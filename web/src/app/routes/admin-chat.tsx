import { useSearchParams } from 'react-router-dom';
import { isUuid } from '@shared/schemas/text';
import { StaffChatConsole } from '@/features/staff-chat/components/staff-chat-console';

/** Spec §2 /admin/chat, in the console (the console layout sends visitors to /login and shows clients "Staff only"). */
export function Component() {
  // ?conversation=<id> (the link in a staff alert email) opens that conversation.
  const [params] = useSearchParams();
  const requested = params.get('conversation');
  const openRequest = isUuid(requested) ? { conversationId: requested, seq: 1 } : null;
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
