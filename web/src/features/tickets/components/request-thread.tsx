import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useTicketThread } from '../api/get-ticket';
import { ConsultationCard } from './consultation-card';
import { ReplyForm } from './reply-form';
import { StatusBadge } from './status-badge';
import { TicketTimeline } from './ticket-timeline';

/** The client's view of one of their requests: what they asked, the thread, the reply box (/portal/request?id=…). */
export function RequestThread({ id }: { id: string }) {
  const thread = useTicketThread(id);
  if (thread.isPending) return <Spinner label="Loading your request" className="py-12" />;
  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <p role="alert" className="py-12 text-slate-700">
        {missing ? 'We could not find this request.' : 'Unable to load your request. Please reload the page.'}{' '}
        <Link to="/portal" className="font-semibold text-blue-700 underline">
          Back to the portal
        </Link>
      </p>
    );
  }
  const { request, events, consultation } = thread.data;
  const closed = request.status === 'cancelled';
  return (
    <div className="flex flex-col gap-6">
      <Link to="/portal" className="inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Client Portal
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-navy-900">{request.service}</h1>
          <p className="text-sm text-slate-600">
            Request {request.number} · requested on {formatDate(request.createdAt)}
          </p>
        </div>
        <StatusBadge status={request.status} />
      </div>
      {consultation ? <ConsultationCard requestId={request.id} consultation={consultation} canConfirm /> : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Your request</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{request.message}</p>
        </CardContent>
      </Card>
      <section aria-labelledby="thread-title" className="flex flex-col gap-4">
        <h2 id="thread-title" className="text-lg font-semibold text-navy-900">
          Replies
        </h2>
        <TicketTimeline events={events} viewer="client" />
        {closed ? (
          <p className="text-sm text-slate-600">
            This request was cancelled. Send a new request if you need more help.
          </p>
        ) : (
          <ReplyForm requestId={request.id} />
        )}
      </section>
    </div>
  );
}
