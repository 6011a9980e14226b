import type { QuoteStatus } from '@shared/schemas/quotes';
import { QUOTE_STATUS_LABELS } from '@/components/commerce/quote-document';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const VARIANTS: Record<QuoteStatus, BadgeVariant> = {
  draft: 'outline',
  sent: 'default',
  viewed: 'default',
  accepted: 'success',
  paid: 'success',
  converted: 'success',
  declined: 'danger',
  expired: 'warning',
  withdrawn: 'neutral',
  superseded: 'neutral',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
