import { mailStatuses, OUTBOX_CURSOR } from '@shared/schemas/outbox';
import type { OutboxPageRequest } from '../api/outbox-page';

/**
 * The outbox as the URL asks for it (/admin/outbox?status=&before=&mail=). A status or cursor edited into the URL
 * that the list cannot ask for is read as none.
 */
export function readOutboxListParams(params: URLSearchParams): OutboxPageRequest & { selectedId: string | null } {
  const before = params.get('before');
  return {
    status: mailStatuses.find((status) => status === params.get('status')) ?? null,
    before: before && OUTBOX_CURSOR.test(before) ? before : null,
    selectedId: params.get('mail'),
  };
}
