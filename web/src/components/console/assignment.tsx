import { PRIORITY_LABELS, priorities, type Priority } from '@shared/schemas/support';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * What the console's tickets and chats share about who works on what and how
 * urgent it is (issue 26): the Mine / Unassigned / All views, the priority
 * badge and the priority picker.
 */
export type AssignmentView = 'mine' | 'unassigned' | 'all';

const VIEW_LABELS: Record<AssignmentView, string> = { mine: 'Mine', unassigned: 'Unassigned', all: 'All' };

/** The view an `assigneeId` filter is, for the signed-in staff member. */
export function viewOf(assigneeId: string | null, me: string | null): AssignmentView | null {
  if (!assigneeId) return 'all';
  if (assigneeId === 'none') return 'unassigned';
  if (me && assigneeId === me) return 'mine';
  return null;
}

/** The `assigneeId` filter of a view. */
export function assigneeOf(view: AssignmentView, me: string | null): string | null {
  if (view === 'unassigned') return 'none';
  if (view === 'mine') return me;
  return null;
}

export function AssignmentViews({
  value,
  onChange,
  label,
  className,
}: {
  value: AssignmentView | null;
  onChange(view: AssignmentView): void;
  label: string;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('inline-flex rounded-md border border-slate-300', className)}>
      {(Object.keys(VIEW_LABELS) as AssignmentView[]).map((view) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className={cn(
            'cursor-pointer px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md',
            value === view ? 'bg-blue-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {VIEW_LABELS[view]}
        </button>
      ))}
    </div>
  );
}

const PRIORITY_VARIANTS: Record<Priority, BadgeVariant> = {
  urgent: 'danger',
  high: 'warning',
  normal: 'neutral',
  low: 'outline',
};

/** A priority as a badge ("Urgent", "High", …); `quiet` shows nothing for normal. */
export function PriorityBadge({ priority, quiet = false }: { priority: Priority | undefined; quiet?: boolean }) {
  if (!priority || (quiet && priority === 'normal')) return null;
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]} data-priority={priority}>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export const priorityOptions = priorities.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

/** The priority picker of a ticket or chat page. */
export function PrioritySelect({
  value,
  onChange,
  disabled,
}: {
  value: Priority;
  onChange(priority: Priority): void;
  disabled?: boolean;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      Priority
      <Select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Priority)}>
        {priorityOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </label>
  );
}
