import type { ChatConversation } from '@shared/schemas/chat';
import { PrioritySelect } from '@/components/console/assignment';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useChatAssignees, useUpdateConversation } from '../api/update-conversation';

/** Above the open chat: its priority and who answers it, both changeable (issue 26). */
export function ChatTriageBar({ conversation }: { conversation: ChatConversation }) {
  const update = useUpdateConversation(conversation.id);
  const staff = useChatAssignees();
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 px-4 py-2" aria-label="Chat priority and assignee">
      <div className="flex flex-wrap items-end gap-3">
        <PrioritySelect
          value={conversation.priority ?? 'normal'}
          disabled={update.isPending}
          onChange={(priority) => update.mutate({ priority })}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Assignee
          <Select
            value={conversation.assignee?.id ?? ''}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ assigneeId: event.target.value || null })}
          >
            <option value="">Unassigned</option>
            {conversation.assignee && !(staff.data ?? []).some((p) => p.id === conversation.assignee?.id) ? (
              <option value={conversation.assignee.id}>{conversation.assignee.name}</option>
            ) : null}
            {(staff.data ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {update.isError ? <FormAlert>{errorMessage(update.error, 'The change was not saved.')}</FormAlert> : null}
    </div>
  );
}
