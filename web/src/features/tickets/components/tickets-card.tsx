import { Link } from 'react-router-dom';
import { DataCard, DataRows } from '@/components/ui/data-card';
import { formatDate } from '@/lib/format';
import { useTickets } from '../api/get-tickets';
import { StatusBadge } from './status-badge';

const SHOWN = 5;

/** Spec §2 Portal: the first 5 requests with service, date and status ("completed" highlighted). */
export function TicketsCard() {
  return (
    <DataCard
      title="Service Requests"
      query={useTickets()}
      what="service requests"
      isEmpty={(requests) => requests.length === 0}
      empty={{ text: 'No service requests', to: '/contact', action: 'Request Service' }}
    >
      {(requests) => (
        <DataRows items={requests.slice(0, SHOWN)}>
          {(request) => (
            <>
              <div className="flex flex-col">
                <Link
                  to={`/portal/request?id=${request.id}`}
                  className="text-sm font-semibold text-slate-900 underline-offset-2 hover:text-blue-700 hover:underline"
                >
                  {request.service}
                </Link>
                <span className="text-sm text-slate-600">
                  {request.number} · {formatDate(request.createdAt)}
                </span>
              </div>
              <StatusBadge status={request.status} />
            </>
          )}
        </DataRows>
      )}
    </DataCard>
  );
}
