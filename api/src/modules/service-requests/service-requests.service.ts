import type { ServiceRequestSummary } from '@shared/schemas/service-requests';
import { ServiceRequest } from './service-request.model';

const LIST_LIMIT = 100;

/** The caller's service requests, newest first. */
export async function listServiceRequests(userId: string): Promise<ServiceRequestSummary[]> {
  const requests = await ServiceRequest.query()
    .select('id', 'service', 'status', 'createdAt')
    .where({ userId })
    .orderBy('createdAt', 'desc')
    .limit(LIST_LIMIT);
  return requests.map((request) => ({
    id: request.id,
    service: request.service,
    status: request.status,
    createdAt: new Date(request.createdAt).toISOString(),
  }));
}
