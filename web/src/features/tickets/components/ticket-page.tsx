import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TICKET_STATUS_LABELS } from '@shared/tickets';
import { useStaffEvents } from '@/lib/live/staff-events';
import { PriorityBadge, PrioritySelect } from '@/components/console/assignment';
import { MakeQuoteLink } from '@/components/console/make-quote-link';
import { SurveyPanel } from '@/components/console/survey-panel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { ticketQueryKey, useTicketThread } from '../api/get-ticket';
import { useStaffMembers, useUpdateTicket } from '../api/staff-tickets';
import { ConsultationBookingDetails } from './consultation-booking-details';
import { ConsultationCard } from './consultation-card';
import { ConsultationProposalForm } from './consultation-proposal-form';
import { ReplyForm } from './reply-form';
import { SlaBadge } from './sla-badge';
import { StatusBadge } from './status-badge';
import { TicketTimeline } from './ticket-timeline';
import { formatDateTime } from '@/lib/format';

const sources = {
  request: 'Service request',
  enquiry: 'From an enquiry',
  chat: 'From a live chat',
  consultation: 'Paid consultation',
};

/** A ticket as staff work it: the request, assignee, status, consultation time, the thread with notes, the reply box. */
export function TicketPage({ id }: { id: string }) {
  const thread = useTicketThread(id);
  const update = useUpdateTicket(id);
  const staff = useStaffMembers();
  const queryClient = useQueryClient();
  useStaffEvents(
    [
      'service_request.updated',
      'service_request.client_reply',
      'consultation.proposed',
      'consultation.confirmed',
      'service_request.sla_at_risk',
      'service_request.sla_breached',
      'service_request.assigned',
    ],
    (event) => {
      if (event === null || event.id === id) void queryClient.invalidateQueries({ queryKey: ticketQueryKey(id) });
    },
  );

  if (thread.isPending) return <Spinner className="py-12" label="Loading the request" />;
  if (thread.isError)
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        The request could not be loaded.
      </p>
    );
  const { request, events, consultation, booking, allowedStatuses } = thread.data;

  return (
    <article className="flex flex-col gap-5 p-6" aria-label={`Service request from ${request.name}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-navy-900">
            <span className="text-slate-500">{request.number}</span> {request.service}
          </h2>
          <p className="text-sm text-slate-600">
            {request.name} ·{' '}
            {request.email ? (
              <a className="text-blue-700 underline" href={`mailto:${request.email}`}>
                {request.email}
              </a>
            ) : (
              'no email'
            )}
            {request.phone ? ` · ${request.phone}` : ''}
            {request.company ? ` · ${request.company}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            {sources[request.source]} · {formatDateTime(request.createdAt)}
            {request.clientId ? (
              <>
                {' · '}
                <Link className="font-semibold text-blue-700 underline" to={`/admin/customers/${request.clientId}`}>
                  Customer page
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {request.paid ? <Badge variant="success">Paid</Badge> : null}
          <PriorityBadge priority={request.priority} />
          <StatusBadge status={request.status} />
        </div>
        <div className="flex w-full flex-col gap-1 text-sm text-slate-600">
          <SlaBadge ticket={request} />
          {request.firstResponseDueAt ? (
            <p>
              First response {request.firstResponseAt ? `given ${formatDateTime(request.firstResponseAt)}; ` : ''}
              due {formatDateTime(request.firstResponseDueAt)} · resolution{' '}
              {request.resolvedAt ? `${formatDateTime(request.resolvedAt)}; ` : ''}due{' '}
              {request.resolutionDueAt ? formatDateTime(request.resolutionDueAt) : '—'} (business hours)
            </p>
          ) : null}
        </div>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <MakeQuoteLink
          prefill={{
            userId: request.clientId,
            name: request.name,
            email: request.email,
            company: request.company,
            source: { serviceRequestId: request.id },
          }}
        />
        <PrioritySelect
          value={request.priority}
          disabled={update.isPending}
          onChange={(priority) => update.mutate({ priority })}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Assignee
          <Select
            value={request.assignee?.id ?? ''}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ assigneeId: e.target.value || null })}
          >
            <option value="">Unassigned</option>
            {(staff.data ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </label>
        {allowedStatuses.length > 0 ? (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Change status">
            {allowedStatuses.map((status) => (
              <Button
                key={status}
                type="button"
                size="sm"
                variant={status === 'cancelled' ? 'ghost' : 'outline'}
                disabled={update.isPending}
                onClick={() => {
                  if (status === 'cancelled' && !window.confirm('Cancel this request? It cannot be reopened.')) return;
                  update.mutate({ status });
                }}
              >
                {TICKET_STATUS_LABELS[status]}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {update.isError ? <FormAlert>{errorMessage(update.error, 'The change was not saved.')}</FormAlert> : null}

      {booking ? <ConsultationBookingDetails booking={booking} /> : null}
      {consultation ? <ConsultationCard requestId={request.id} consultation={consultation} canConfirm={false} /> : null}
      {request.paid && request.status !== 'completed' && request.status !== 'cancelled' ? (
        <ConsultationProposalForm requestId={request.id} />
      ) : null}

      <SurveyPanel
        survey={thread.data.survey ?? null}
        finished={request.status === 'completed'}
        resendPath={`/api/admin/service-requests/${request.id}/survey`}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: ticketQueryKey(id) })}
      />

      <section aria-label="Original request" className="rounded-lg border border-slate-200 bg-white p-4">
        <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{request.message}</p>
      </section>
      <section aria-label="Thread" className="flex flex-col gap-4">
        <TicketTimeline events={events} viewer="staff" />
        <ReplyForm requestId={request.id} staff />
      </section>
    </article>
  );
}
