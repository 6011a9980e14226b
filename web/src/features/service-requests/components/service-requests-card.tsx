import type { ServiceRequestStatus } from '@shared/schemas/service-requests';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useServiceRequests } from '../api/get-service-requests';

const SHOWN = 5;

const labels: Record<ServiceRequestStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Spec §2 Portal: the first 5 requests with service, date and status ("completed" highlighted). */
export function ServiceRequestsCard() {
  const requests = useServiceRequests();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Service Requests</CardTitle>
      </CardHeader>
      <CardContent>
        {requests.isPending ? (
          <Spinner label="Loading service requests" className="py-6" />
        ) : requests.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Unable to load your service requests. Please reload the page.
          </p>
        ) : requests.data.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-slate-600">No service requests</p>
            <ButtonLink to="/contact" variant="outline" size="sm">
              Request Service
            </ButtonLink>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {requests.data.slice(0, SHOWN).map((request) => (
              <li key={request.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-col">
                  <span className="text-sm font-semibold text-slate-900">{request.service}</span>
                  <span className="text-sm text-slate-600">{formatDate(request.createdAt)}</span>
                </div>
                <Badge variant={request.status === 'completed' ? 'success' : 'neutral'}>
                  {labels[request.status] ?? request.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
