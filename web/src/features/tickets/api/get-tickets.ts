import { useQuery } from '@tanstack/react-query';
import type { TicketSummary } from '@shared/schemas/tickets';

const ticketsQueryKey = ['/api/service-requests'] as const;

/** The caller's service requests, newest first (GET /api/service-requests). */
export function useTickets() {
  return useQuery<TicketSummary[]>({ queryKey: ticketsQueryKey });
}
