import type { StaffEvent, StaffEventKind } from '@shared/schemas/staff-events';

/** The staff events that alert the console: what they are called and where they open. */
export const TICKET_ALERTS: Partial<Record<StaffEventKind, { title: string; path: (id: string) => string }>> = {
  'enquiry.created': { title: 'New enquiry', path: (id) => `/admin/enquiries?id=${id}` },
  'service_request.created': { title: 'New service request', path: (id) => `/admin/service-requests?id=${id}` },
  'service_request.client_reply': { title: 'A client replied', path: (id) => `/admin/service-requests?id=${id}` },
  'consultation.confirmed': { title: 'Consultation confirmed', path: (id) => `/admin/service-requests?id=${id}` },
};

export const TICKET_ALERT_KINDS = Object.keys(TICKET_ALERTS) as StaffEventKind[];

export function alertFor(event: StaffEvent): { title: string; path: string } | null {
  const alert = TICKET_ALERTS[event.kind];
  return alert ? { title: alert.title, path: alert.path(event.id) } : null;
}
