import { TICKET_STATUS_LABELS, type TicketStatus } from '@shared/tickets';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const variants: Record<TicketStatus, BadgeVariant> = {
  pending: 'neutral',
  in_progress: 'default',
  waiting_on_client: 'warning',
  completed: 'success',
  cancelled: 'outline',
};

/** A request's status, labelled from the shared list. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={variants[status]}>{TICKET_STATUS_LABELS[status] ?? status}</Badge>;
}
