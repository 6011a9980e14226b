/**
 * The console's notifications besides chat, for the web console and the
 * desktop app alike: which staff events raise one, what it is called, which
 * desktop setting switches it, and where its click leads. No zod here (the
 * desktop preload bundles this file); desktop main validates the kind with
 * desktop/src/common/ipc-schemas.ts. See
 * docs/decisions/136-desktop-notification-kinds.md and 164.
 */

/** The settings that switch each kind of notification on or off (all on by default). */
export const ALERT_SETTINGS = [
  'chatAlerts',
  'orderAlerts',
  'enquiryAlerts',
  'serviceRequestAlerts',
  'clientReplyAlerts',
  'consultationAlerts',
  /** A ticket or chat you hold (or nobody holds) is at risk of missing, or missed, its service level (decision 192). */
  'slaAlerts',
  /** A chat or ticket was given to this staff member (by someone, or automatically). */
  'assignmentAlerts',
] as const;
export type AlertSetting = (typeof ALERT_SETTINGS)[number];

/**
 * The kinds the renderer reports: the staff event's own kind, except that a
 * new service request which is a paid consultation is 'consultation.paid'.
 */
export const ITEM_ALERT_KINDS = [
  'order.paid',
  'enquiry.created',
  'service_request.created',
  'service_request.client_reply',
  'consultation.paid',
  'consultation.confirmed',
  'service_request.sla_at_risk',
  'service_request.sla_breached',
  'chat.sla_at_risk',
  'chat.sla_breached',
  'service_request.assigned',
  'chat.assigned',
] as const;
export type ItemAlertKind = (typeof ITEM_ALERT_KINDS)[number];

interface ItemAlertKindInfo {
  setting: AlertSetting;
  title: string;
  /** The body when the renderer could not say more (the item could not be read). */
  fallbackBody: string;
  /** The console page that shows the item. */
  path(id: string): string;
}

const ticketPath = (id: string) => `/admin/service-requests?id=${encodeURIComponent(id)}`;
const chatPath = (id: string) => `/admin/chat?conversation=${encodeURIComponent(id)}`;

export const ITEM_ALERTS: Readonly<Record<ItemAlertKind, ItemAlertKindInfo>> = {
  'order.paid': {
    setting: 'orderAlerts',
    title: 'New paid order',
    fallbackBody: 'An order was paid and is waiting to be fulfilled.',
    path: (id) => `/admin/orders/${encodeURIComponent(id)}`,
  },
  'enquiry.created': {
    setting: 'enquiryAlerts',
    title: 'New enquiry',
    fallbackBody: 'Someone sent the contact form.',
    path: (id) => `/admin/enquiries?id=${encodeURIComponent(id)}`,
  },
  'service_request.created': {
    setting: 'serviceRequestAlerts',
    title: 'New service request',
    fallbackBody: 'A client asked for a service.',
    path: ticketPath,
  },
  'service_request.client_reply': {
    setting: 'clientReplyAlerts',
    title: 'A client replied',
    fallbackBody: 'A client wrote on their service request.',
    path: ticketPath,
  },
  'consultation.paid': {
    setting: 'consultationAlerts',
    title: 'Consultation paid',
    fallbackBody: 'A client paid for a consultation: propose a time.',
    path: ticketPath,
  },
  'consultation.confirmed': {
    setting: 'consultationAlerts',
    title: 'Consultation confirmed',
    fallbackBody: 'A client confirmed the proposed consultation time.',
    path: ticketPath,
  },
  'service_request.sla_at_risk': {
    setting: 'slaAlerts',
    title: 'Service request at risk',
    fallbackBody: 'A service request has used 80 % of its service-level time.',
    path: ticketPath,
  },
  'service_request.sla_breached': {
    setting: 'slaAlerts',
    title: 'Service level breached',
    fallbackBody: 'A service request missed its service-level target.',
    path: ticketPath,
  },
  'chat.sla_at_risk': {
    setting: 'slaAlerts',
    title: 'Chat waiting too long',
    fallbackBody: 'A chat has used 80 % of its first-response time.',
    path: chatPath,
  },
  'chat.sla_breached': {
    setting: 'slaAlerts',
    title: 'Chat response breached',
    fallbackBody: 'A chat missed its first-response target.',
    path: chatPath,
  },
  'service_request.assigned': {
    setting: 'assignmentAlerts',
    title: 'Request assigned to you',
    fallbackBody: 'A service request is now yours to work on.',
    path: ticketPath,
  },
  'chat.assigned': {
    setting: 'assignmentAlerts',
    title: 'Chat assigned to you',
    fallbackBody: 'A live chat is now yours to answer.',
    path: (id) => `/admin/chat?conversation=${encodeURIComponent(id)}`,
  },
};

/**
 * Whether a service-level alert is for this staff member: the one holding the
 * item, or, when nobody holds it, every `support` or `admin` member online
 * (the consoles that hear it are the ones online). Others still see the badge.
 */
export function slaAlertIsFor(
  assigneeId: string | null | undefined,
  me: { id: string; staffRole: string | null | undefined },
): boolean {
  if (assigneeId) return assigneeId === me.id;
  return me.staffRole === 'support' || me.staffRole === 'admin';
}

/** A path main may ask the page to open: one of the console's own screens. */
export function isConsolePath(path: unknown): path is string {
  return typeof path === 'string' && path.length <= 300 && /^\/admin(?:[/?]|$)/.test(path) && !path.includes('//');
}
