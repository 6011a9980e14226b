import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { TICKET_STATUS_LABELS } from '@shared/tickets';
import type { TicketEvent } from '@shared/schemas/tickets';
import { PRIORITY_LABELS } from '@shared/schemas/support';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { AttachmentList } from './attachment-list';

function changeText(event: TicketEvent): string {
  switch (event.kind) {
    case 'status':
      return `changed the status from ${event.fromStatus ? TICKET_STATUS_LABELS[event.fromStatus] : '—'} to ${event.toStatus ? TICKET_STATUS_LABELS[event.toStatus] : '—'}`;
    case 'assignment':
      return event.assigneeName ? `assigned it to ${event.assigneeName}` : 'unassigned it';
    case 'priority':
      return `set the priority to ${event.priority ? PRIORITY_LABELS[event.priority] : '—'}`;
    case 'consultation_proposed':
      return `proposed a consultation time: ${event.message ?? ''}`;
    case 'consultation_confirmed':
      return `confirmed the consultation time: ${event.message ?? ''}`;
    case 'sla_breached':
      return `recorded a missed service level. ${event.message ?? ''}`;
    default:
      return '';
  }
}

/**
 * A ticket's thread, oldest first: replies as messages (internal notes set
 * apart, for staff), changes as one-line entries. Everything people typed is
 * shown as text.
 */
export function TicketTimeline({ events, viewer }: { events: TicketEvent[]; viewer: 'client' | 'staff' }) {
  if (events.length === 0) {
    return <p className="text-sm text-slate-600">No replies yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation">
      {events.map((event) => {
        if (event.kind === 'reply' || event.kind === 'note') {
          const note = event.kind === 'note';
          const mine = (event.author.type === 'client') === (viewer === 'client');
          return (
            <li
              key={event.id}
              data-kind={event.kind}
              className={cn(
                'rounded-lg border px-4 py-3',
                note
                  ? 'border-dashed border-amber-400 bg-amber-50'
                  : mine
                    ? 'border-blue-200 bg-blue-50'
                    : 'border-slate-200 bg-white',
              )}
            >
              <div className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{event.author.name}</span>
                {event.author.type === 'staff' && viewer === 'client' ? <span>Northstar team</span> : null}
                {note ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-amber-900">
                    <Lock className="h-3 w-3" aria-hidden="true" /> Internal note (staff only)
                  </span>
                ) : null}
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                {event.email ? <span>by email</span> : null}
                {event.email?.differentAddress ? (
                  <span className="font-semibold text-amber-900">
                    from a different address ({event.email.differentAddress})
                  </span>
                ) : null}
                {viewer === 'staff' && event.email?.inboundEmailId ? (
                  <Link className="text-blue-700 underline" to={`/admin/inbound-emails/${event.email.inboundEmailId}`}>
                    View email
                  </Link>
                ) : null}
              </div>
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{event.message}</p>
              <AttachmentList attachments={event.attachments ?? []} />
            </li>
          );
        }
        return (
          <li key={event.id} data-kind={event.kind} className="px-1 text-xs text-slate-600">
            <span className="font-semibold text-slate-800">{event.author.name}</span> {changeText(event)} ·{' '}
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          </li>
        );
      })}
    </ol>
  );
}
