import { useQuery } from '@tanstack/react-query';
import type { TicketThread } from '@shared/schemas/tickets';

export const ticketQueryKey = (id: string) => ['/api/service-requests', id] as const;

/** One request and its thread: GET /api/service-requests/{id} (the client's own, or any for staff). */
export function useTicketThread(id: string) {
  return useQuery<TicketThread>({ queryKey: ticketQueryKey(id) });
}
