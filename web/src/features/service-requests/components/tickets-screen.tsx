import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { serviceOptions } from '@shared/contact';
import { KEYSET_CURSOR, SERVICE_REQUEST_STATUS_LABELS, serviceRequestStatuses } from '@shared/schemas/service-requests';
import { isUuid } from '@shared/schemas/text';
import { useStaffEvents } from '@/features/chat/staff-events';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { staffTicketsQueryKey, useStaffMembers, useTicketList } from '../api/staff-tickets';
import { StatusBadge } from './status-badge';
import { TicketPage } from './ticket-page';

/**
 * Service requests as tickets (/admin/service-requests): filters (status,
 * service, assignee, client), search, keyset pages, and the open ticket beside
 * the list; all in the URL. New requests and changes appear live.
 */
export function TicketsScreen() {
  const [params, setParams] = useSearchParams();
  const status = serviceRequestStatuses.find((value) => value === params.get('status')) ?? null;
  const service = serviceOptions.find((option) => option === params.get('service')) ?? null;
  const assignee = params.get('assigneeId');
  const assigneeId = assignee === 'none' || isUuid(assignee) ? assignee : null;
  const client = params.get('clientId');
  const clientId = isUuid(client) ? client : null;
  const q = params.get('q') ?? '';
  const rawCursor = params.get('cursor');
  const cursor = rawCursor && KEYSET_CURSOR.test(rawCursor) ? rawCursor : null;
  const selectedId = params.get('id');
  const [search, setSearch] = useState(q);
  const list = useTicketList({ q, status, service, assigneeId, clientId, cursor });
  const staff = useStaffMembers();
  const queryClient = useQueryClient();
  useStaffEvents(
    ['service_request.created', 'service_request.updated', 'service_request.client_reply', 'consultation.confirmed'],
    () => void queryClient.invalidateQueries({ queryKey: staffTicketsQueryKey }),
  );

  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Service Requests</h1>
        <p className="mt-1 text-slate-600">Requests, paid consultations and chats turned into tickets.</p>
      </div>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          navigate({ q: search.trim() || null, cursor: null });
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <Input
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, email, words…"
            className="w-56"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Status
          <Select value={status ?? ''} onChange={(e) => navigate({ status: e.target.value, cursor: null })}>
            <option value="">All statuses</option>
            {serviceRequestStatuses.map((value) => (
              <option key={value} value={value}>
                {SERVICE_REQUEST_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Service
          <Select value={service ?? ''} onChange={(e) => navigate({ service: e.target.value, cursor: null })}>
            <option value="">All services</option>
            {[...serviceOptions, 'Technical Consultation - 1 Hour'].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Assignee
          <Select value={assigneeId ?? ''} onChange={(e) => navigate({ assigneeId: e.target.value, cursor: null })}>
            <option value="">Anyone</option>
            <option value="none">Unassigned</option>
            {(staff.data ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="outline">
          Search
        </Button>
        {clientId ? (
          <Button type="button" variant="ghost" onClick={() => navigate({ clientId: null, cursor: null })}>
            All clients
          </Button>
        ) : null}
      </form>
      <Card className="grid min-h-[600px] grid-cols-1 overflow-hidden lg:grid-cols-5">
        <div
          className={cn(
            'min-h-0 flex-col border-slate-200 lg:col-span-2 lg:flex lg:border-r',
            selectedId ? 'hidden' : 'flex',
          )}
        >
          {list.isPending ? (
            <Spinner className="py-12" label="Loading service requests" />
          ) : list.isError ? (
            <p role="alert" className="p-6 text-sm text-red-700">
              The service requests could not be loaded.
            </p>
          ) : list.data.requests.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-600">No service requests match.</p>
          ) : (
            <>
              <ul aria-label="Service requests" className="divide-y divide-slate-200 overflow-y-auto">
                {list.data.requests.map((ticket) => (
                  <li key={ticket.id}>
                    <button
                      type="button"
                      onClick={() => navigate({ id: ticket.id })}
                      aria-current={ticket.id === selectedId ? 'true' : undefined}
                      className={cn(
                        'flex w-full cursor-pointer flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50',
                        ticket.id === selectedId && 'bg-blue-50',
                      )}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="text-sm font-semibold text-slate-900">{ticket.name}</span>
                        <StatusBadge status={ticket.status} />
                      </span>
                      <span className="flex items-center gap-2 text-xs text-slate-600">
                        {ticket.service}
                        {ticket.paid ? <Badge variant="success">Paid</Badge> : null}
                      </span>
                      <span className="text-xs text-slate-600">
                        {ticket.assignee ? `Assigned to ${ticket.assignee.name}` : 'Unassigned'} ·{' '}
                        {new Date(ticket.updatedAt).toLocaleString('en-US', {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <nav aria-label="Pages" className="mt-auto flex justify-between gap-2 border-t border-slate-200 p-2">
                <Button variant="ghost" size="sm" disabled={!cursor} onClick={() => navigate({ cursor: null })}>
                  Newest
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!list.data.nextCursor}
                  onClick={() => navigate({ cursor: list.data.nextCursor })}
                >
                  Older
                </Button>
              </nav>
            </>
          )}
        </div>
        <div className={cn('lg:col-span-3 lg:block', selectedId ? 'block' : 'hidden')}>
          {selectedId ? (
            <>
              <Button variant="ghost" size="sm" className="m-2 lg:hidden" onClick={() => navigate({ id: null })}>
                Back to the list
              </Button>
              <TicketPage key={selectedId} id={selectedId} />
            </>
          ) : (
            <p className="p-6 text-sm text-slate-600">Choose a request to work on it.</p>
          )}
        </div>
      </Card>
    </div>
  );
}
