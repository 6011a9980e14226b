export const serviceRequestStatuses = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

/** A service request as its owner sees it (spec §7: id, service, status, createdAt). */
export interface ServiceRequestSummary {
  id: string;
  service: string;
  status: ServiceRequestStatus;
  createdAt: string;
}
