import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import type { AdminOrderDetails } from '@shared/schemas/admin-orders';
import { conversationDisplayName, type ChatConversation } from '@shared/schemas/chat';
import type { EnquiryDetail } from '@shared/schemas/enquiries';
import type { TicketThread } from '@shared/schemas/tickets';
import type { StaffEvent, StaffEventKind } from '@shared/schemas/staff-events';
import { useDashboardCounts } from '@/features/console/api/dashboard';
import { useStaffEvents } from '@/lib/live/staff-events';
import { apiJson } from '@/lib/api-client';
import { ITEM_ALERT_KINDS, ITEM_ALERTS, slaAlertIsFor, type ItemAlertKind } from '@shared/alert-kinds';
import { slaStaffEventKinds } from '@shared/schemas/staff-events';
import { useUser } from '@/features/auth/api/use-user';
import type { ItemAlertEvent } from '../../common/ipc-channels';
import { desktop } from '../bridge';

/**
 * The staff events that may raise a notification (besides chat, which the chat console reports): the alert kinds
 * of shared/src/alert-kinds.ts but 'consultation.paid', which the renderer makes of a new ticket that is a paid
 * consultation. "Assigned to you" events are addressed to this staff member only.
 */
export const ALERTING_STAFF_EVENTS = ITEM_ALERT_KINDS.filter(
  (kind): kind is Exclude<ItemAlertKind, 'consultation.paid'> => kind !== 'consultation.paid',
) satisfies readonly StaffEventKind[];
type AlertingStaffEvent = (typeof ALERTING_STAFF_EVENTS)[number];

const isAlerting = (kind: StaffEventKind): kind is AlertingStaffEvent =>
  (ALERTING_STAFF_EVENTS as readonly StaffEventKind[]).includes(kind);

const isSlaKind = (kind: StaffEventKind) => (slaStaffEventKinds as readonly StaffEventKind[]).includes(kind);

const ticketPath = (id: string) => `/api/service-requests/${encodeURIComponent(id)}`;

/**
 * What the notification says about the item and, for a new request, whether
 * it is a paid consultation: read from the API as staff see it. When it cannot
 * be read, main says something general instead.
 */
export async function describeItem(
  kind: AlertingStaffEvent,
  id: string,
): Promise<{ kind: ItemAlertKind; detail: string | null }> {
  try {
    switch (kind) {
      case 'order.paid': {
        const order = await apiJson<AdminOrderDetails>('GET', `/api/admin/orders/${encodeURIComponent(id)}`);
        const customer = order.customer.name || order.customer.username;
        return { kind, detail: `${order.number} · ${customer} · ${formatPrice(order.totalAmount)}` };
      }
      case 'enquiry.created': {
        const enquiry = await apiJson<EnquiryDetail>('GET', `/api/admin/enquiries/${encodeURIComponent(id)}`);
        return { kind, detail: `${enquiry.name} · ${enquiry.service}` };
      }
      case 'service_request.created': {
        const { request } = await apiJson<TicketThread>('GET', ticketPath(id));
        const consultation = request.paid || request.source === 'consultation';
        return { kind: consultation ? 'consultation.paid' : kind, detail: `${request.name} · ${request.service}` };
      }
      case 'service_request.client_reply': {
        const { request, events } = await apiJson<TicketThread>('GET', ticketPath(id));
        const reply = events.filter((event) => event.author.type === 'client' && event.message).at(-1);
        return { kind, detail: reply?.message ? `${request.name}: ${reply.message}` : request.name };
      }
      case 'consultation.confirmed':
      case 'service_request.assigned': {
        const { request } = await apiJson<TicketThread>('GET', ticketPath(id));
        return { kind, detail: `${request.number} · ${request.name} · ${request.service}` };
      }
      // Who is waiting and what they said last, as for a ticket its number, client and service.
      case 'chat.assigned':
      case 'chat.sla_at_risk':
      case 'chat.sla_breached': {
        const chat = await apiJson<ChatConversation>('GET', `/api/chat/conversations/${encodeURIComponent(id)}`);
        return {
          kind,
          detail: `${conversationDisplayName(chat)}${chat.lastMessage ? `: ${chat.lastMessage.message}` : ''}`,
        };
      }
      case 'service_request.sla_at_risk':
      case 'service_request.sla_breached': {
        const { request } = await apiJson<TicketThread>('GET', ticketPath(id));
        return { kind, detail: `${request.number} · ${request.name} · ${request.service}` };
      }
    }
  } catch {
    return { kind, detail: null };
  }
}

/**
 * The desktop's notifications for the console's items: each new paid order,
 * enquiry, request, client reply, confirmed consultation and item assigned to
 * this staff member heard on the
 * staff events socket goes to the main process (which follows the settings
 * and the window's focus), and a clicked notification opens its item here.
 */
export function useItemAlerts(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  });

  const { user } = useUser();
  const me = useRef(user);
  useEffect(() => {
    me.current = user;
  });

  useStaffEvents(ALERTING_STAFF_EVENTS, (event: StaffEvent | null) => {
    if (!event || !isAlerting(event.kind)) return;
    // A service-level alert is for whoever holds the item, or every support or admin member when nobody does.
    const self = me.current;
    if (isSlaKind(event.kind) && (!self || !slaAlertIsFor(event.assigneeId, self))) return;
    const { id } = event;
    void describeItem(event.kind, id).then(({ kind, detail }) => {
      const report: ItemAlertEvent = {
        kind,
        id,
        detail: detail === null ? null : Array.from(detail).slice(0, 200).join(''),
        onScreen: here.current === ITEM_ALERTS[kind].path(id),
      };
      return desktop.itemAlert(report);
    });
  });

  useEffect(() => desktop.onOpenPath((path) => navigate(path)), [navigate]);
}

/**
 * What needs attention, for the badge, the tray and the window title: unread
 * chats, paid orders to fulfil, and new enquiries and requests (the
 * dashboard's counts, asked again on each staff event).
 */
export function useAttentionCount(unreadChats: number): number {
  const counts = useDashboardCounts().data;
  // Counts the role may not open are left out of the answer (decision 167).
  const total =
    unreadChats +
    (counts ? (counts.ordersToFulfil ?? 0) + (counts.newEnquiries ?? 0) + (counts.newServiceRequests ?? 0) : 0);
  useEffect(() => {
    void desktop.setUnreadCount(total);
  }, [total]);
  return total;
}
