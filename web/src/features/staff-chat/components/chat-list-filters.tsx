import { useState } from 'react';
import type { ChatStatus } from '@shared/schemas/chat';
import { slaFilters, type SlaFilter } from '@shared/schemas/sla-states';
import type { Priority } from '@shared/schemas/support';
import { AssignmentViews, priorityOptions, type AssignmentView } from '@/components/console/assignment';
import { Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** The list's tabs: every chat (the console's first view, as before), the open ones, the closed ones. */
export type ChatTab = ChatStatus | 'all';
const TABS: { value: ChatTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const SLA_LABELS: Record<SlaFilter, string> = { at_risk: 'At risk', breached: 'Breached (open)' };

/**
 * Above the chat list (issue 26, as Chatwoot's inbox): All, Open and Closed tabs,
 * Mine / Unassigned / All, a priority filter, a service-level filter (open
 * chats at risk or past their first-response target, as the tickets list's) and
 * a search of visitor names, emails and message text (sent on Enter).
 */
export function ChatListFilters(props: {
  tab: ChatTab;
  onTab(tab: ChatTab): void;
  view: AssignmentView;
  onView(view: AssignmentView): void;
  priority: Priority | '';
  onPriority(priority: Priority | ''): void;
  sla: SlaFilter | null;
  onSla(sla: SlaFilter | null): void;
  onSearch(q: string): void;
}) {
  const [text, setText] = useState('');
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 p-3">
      <div role="tablist" aria-label="Open or closed chats" className="flex gap-1">
        {TABS.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={props.tab === tab.value}
            onClick={() => props.onTab(tab.value)}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1 text-sm font-semibold',
              props.tab === tab.value ? 'bg-navy-900 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <AssignmentViews label="Whose chats" value={props.view} onChange={props.onView} />
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSearch(text.trim());
        }}
      >
        <Input
          type="search"
          aria-label="Search chats"
          placeholder="Name, email or message…"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '') props.onSearch('');
          }}
        />
      </form>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        Priority
        <Select
          value={props.priority}
          onChange={(event) => props.onPriority(event.target.value as Priority | '')}
          className="flex-1"
        >
          <option value="">Any priority</option>
          {priorityOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        Service level
        <Select
          value={props.sla ?? ''}
          onChange={(event) => props.onSla(slaFilters.find((value) => value === event.target.value) ?? null)}
          className="flex-1"
        >
          <option value="">Any service level</option>
          {slaFilters.map((value) => (
            <option key={value} value={value}>
              {SLA_LABELS[value]}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}
