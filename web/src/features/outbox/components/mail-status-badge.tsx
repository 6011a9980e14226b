import { MAIL_STATUS_LABELS, type MailStatus } from '@shared/schemas/outbox';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const variants: Record<MailStatus, BadgeVariant> = {
  queued: 'default',
  sending: 'default',
  retrying: 'warning',
  sent: 'success',
  failed: 'danger',
  kept: 'neutral',
  bounced: 'danger',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge variant={variants[status]}>{MAIL_STATUS_LABELS[status]}</Badge>;
}
