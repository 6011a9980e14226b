import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-requests';
import { Badge } from '@/components/ui/badge';
import { DataCard, DataRows } from '@/components/ui/data-card';
import { formatDate } from '@/lib/format';
import { useServiceRequests } from '../api/get-service-requests';

const SHOWN = 5;

/** Spec §2 Portal: the first 5 requests with service, date and status ("completed" highlighted). */
export function ServiceRequestsCard() {
  return (
    <DataCard
      title="Service Requests"
      query={useServiceRequests()}
      what="service requests"
      isEmpty={(requests) => requests.length === 0}
      empty={{ text: 'No service requests', to: '/contact', action: 'Request Service' }}
    >
      {(requests) => (
        <DataRows items={requests.slice(0, SHOWN)}>
          {(request) => (
            <>
              <div className="flex flex-col">
                <span className="text-sm font-semibold text-slate-900">{request.service}</span>
                <span className="text-sm text-slate-600">{formatDate(request.createdAt)}</span>
              </div>
              <Badge variant={request.status === 'completed' ? 'success' : 'neutral'}>
                {SERVICE_REQUEST_STATUS_LABELS[request.status] ?? request.status}
              </Badge>
            </>
          )}
        </DataRows>
      )}
    </DataCard>
  );
}
