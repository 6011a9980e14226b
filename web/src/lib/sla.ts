import { SLA_STATE_LABELS, type SlaState } from '@shared/schemas/sla-states';
import type { StaffTicketSummary } from '@shared/schemas/tickets';
import type { BadgeVariant } from '@/components/ui/badge';

type SlaFields = Pick<
  StaffTicketSummary,
  'slaState' | 'slaPaused' | 'firstResponseAt' | 'firstResponseDueAt' | 'resolvedAt' | 'resolutionDueAt'
>;

export interface SlaSummary {
  state: SlaState;
  label: string;
  variant: BadgeVariant;
  /** The time left to the running target, or how long it is overdue (calendar time, like the clock on the wall). */
  text: string;
}

const variants: Record<SlaState, BadgeVariant> = {
  on_track: 'default',
  at_risk: 'warning',
  breached: 'danger',
  met: 'success',
};

/** "3 d 2 h", "2 h 5 min", "45 min", "under a minute". */
export function formatSpan(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** The due time of the clock still running: the first response until staff answered, then the resolution. */
export function runningDueAt(ticket: SlaFields): string | null {
  if (ticket.resolvedAt) return null;
  return ticket.firstResponseAt ? ticket.resolutionDueAt : (ticket.firstResponseDueAt ?? ticket.resolutionDueAt);
}

/** What a ticket's list row and page say about its service level at `now`; null when it has no clock. */
export function slaSummary(ticket: SlaFields, now: number): SlaSummary | null {
  const state = ticket.slaState;
  if (!state) return null;
  const base = { state, label: SLA_STATE_LABELS[state], variant: variants[state] };
  if (state === 'met') return { ...base, text: 'Targets met' };
  const due = runningDueAt(ticket);
  if (ticket.slaPaused) return { ...base, text: 'Clock paused while waiting on the client' };
  if (!due) return { ...base, text: state === 'breached' ? 'A target was missed' : '' };
  const left = new Date(due).getTime() - now;
  return { ...base, text: left >= 0 ? `${formatSpan(left)} left` : `Overdue by ${formatSpan(left)}` };
}

/**
 * A staff chat list row's first-response clock: the time left to the first reply, or how long it is overdue;
 * "Answered late" once a breached chat was answered; null once answered in time (met), closed, or without a clock.
 */
export function chatReplyDue(
  chat: {
    status: string;
    slaState?: SlaState | null;
    firstResponseDueAt?: string | null;
    firstResponseAt?: string | null;
  },
  now: number,
): { overdue: boolean; text: string } | null {
  if (chat.status !== 'active' || !chat.firstResponseDueAt || !chat.slaState || chat.slaState === 'met') return null;
  if (chat.firstResponseAt) return chat.slaState === 'breached' ? { overdue: true, text: 'Answered late' } : null;
  const left = new Date(chat.firstResponseDueAt).getTime() - now;
  return left >= 0
    ? { overdue: false, text: `Reply due in ${formatSpan(left)}` }
    : { overdue: true, text: `Reply overdue by ${formatSpan(left)}` };
}
