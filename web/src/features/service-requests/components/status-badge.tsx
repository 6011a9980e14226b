import { SERVICE_REQUEST_STATUS_LABELS, type ServiceRequestStatus } from '@shared/service-requests';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const variants: Record<ServiceRequestStatus, BadgeVariant> = {
  pending: 'neutral',
  in_progress: 'default',
  waiting_on_client: 'warning',
  completed: 'success',
  cancelled: 'outline',
};

/** A request's status, labelled from the shared list. */
export function StatusBadge({ status }: { status: ServiceRequestStatus }) {
  return <Badge variant={variants[status]}>{SERVICE_REQUEST_STATUS_LABELS[status] ?? status}</Badge>;
}
