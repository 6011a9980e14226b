import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsultationProposalInput,
  PersonRef,
  TicketStatus,
  TicketThread,
  StaffTicketPage,
  TicketSlaFilter,
  UpdateTicket,
} from '@shared/schemas/tickets';
import type { Priority } from '@shared/schemas/support';
import { apiJson } from '@/lib/api-client';
import { ticketQueryKey } from './get-ticket';

export const staffTicketsQueryKey = ['/api/admin/service-requests'] as const;
const PAGE_SIZE = 25;

export interface TicketListRequest {
  q: string;
  status: TicketStatus | null;
  service: string | null;
  priority: Priority | null;
  /** `priority`: most urgent first; null: newest first. */
  sort: 'priority' | null;
  /** A staff member's id, or `none`. */
  assigneeId: string | null;
  clientId: string | null;
  /** Created on these days (YYYY-MM-DD, business time zone), both included. */
  from: string | null;
  to: string | null;
  /** Tickets at risk or breached (decision 192). */
  sla: TicketSlaFilter | null;
  cursor: string | null;
}

/** GET /api/admin/service-requests (staff): newest first, filtered, one keyset page. */
export function useTicketList(request: TicketListRequest) {
  return useQuery({
    queryKey: [...staffTicketsQueryKey, request],
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      for (const [key, value] of Object.entries(request)) if (value) query.set(key, value);
      return apiJson<StaffTicketPage>('GET', `/api/admin/service-requests?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/staff-members: whom a ticket can be assigned to. */
export function useStaffMembers() {
  return useQuery<PersonRef[]>({ queryKey: ['/api/admin/staff-members'] });
}

function useTicketMutation<Input>(id: string, send: (input: Input) => Promise<TicketThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (thread) => {
      queryClient.setQueryData(ticketQueryKey(id), thread);
      void queryClient.invalidateQueries({ queryKey: staffTicketsQueryKey });
    },
  });
}

/** PATCH /api/admin/service-requests/{id}: status, assignee and/or priority. */
export const useUpdateTicket = (id: string) =>
  useTicketMutation(id, (change: UpdateTicket) =>
    apiJson<TicketThread>('PATCH', `/api/admin/service-requests/${id}`, change),
  );

/** POST /api/admin/service-requests/{id}/consultation: propose a time. */
export const useProposeConsultation = (id: string) =>
  useTicketMutation(id, (input: ConsultationProposalInput) =>
    apiJson<TicketThread>('POST', `/api/admin/service-requests/${id}/consultation`, input),
  );
