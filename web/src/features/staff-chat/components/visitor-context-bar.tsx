import { MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MakeQuoteLink } from '@/components/console/make-quote-link';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useChatToTicket, useVisitorContext } from '../api/visitor-context';

/**
 * Beside a chat: the page the visitor is on now (live) and the one they
 * started on, their customer page when they are a logged-in client, and the
 * ticket the chat became (or the button that makes one), and "Make a quote".
 */
export function VisitorContextBar({
  conversationId,
  visitor,
}: {
  conversationId: string;
  visitor: { name: string | null; email: string | null };
}) {
  const context = useVisitorContext(conversationId);
  const toTicket = useChatToTicket(conversationId);
  if (!context.data) return null;
  const { currentPage, startPage, customer, serviceRequestId } = context.data;
  return (
    <div
      role="group"
      aria-label="Visitor"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-700"
    >
      <span className="inline-flex items-center gap-1">
        <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
        Now on{' '}
        <strong data-testid="visitor-current-page" className="break-all">
          {currentPage ?? 'unknown'}
        </strong>
      </span>
      <span>
        Started on <span className="break-all">{startPage ?? 'unknown'}</span>
      </span>
      {customer ? (
        <Link className="font-semibold text-blue-700 underline" to={`/admin/customers/${customer.id}`}>
          Customer: {customer.name}
        </Link>
      ) : null}
      {serviceRequestId ? (
        <Link className="font-semibold text-blue-700 underline" to={`/admin/service-requests?id=${serviceRequestId}`}>
          Open its ticket
        </Link>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={toTicket.isPending}
          onClick={() => toTicket.mutate()}
        >
          Make a Ticket
        </Button>
      )}
      <MakeQuoteLink
        prefill={{
          userId: customer?.id,
          name: customer?.name ?? visitor.name,
          email: visitor.email,
          source: { conversationId },
        }}
      />
      {toTicket.isError ? (
        <span role="alert" className="text-red-700">
          {errorMessage(toTicket.error, 'The ticket could not be made.')}
        </span>
      ) : null}
    </div>
  );
}
