import { describe, expect, it } from 'vitest';
import { dashboardTiles } from '@/features/console/components/dashboard';
import { readEnquiryListParams } from '@/features/enquiries/components/enquiry-list-params';
import { readTicketListParams } from '@/features/tickets/components/ticket-list-params';
import { readChatSlaFilter } from '@/features/staff-chat/components/chat-list-params';

// Each dashboard card's link, read by the list screen it opens as that screen reads its URL (issue 29).
describe('the dashboard cards open the lists they count', () => {
  const tile = (key: string) => new URL(dashboardTiles.find((t) => t.key === key)!.to, 'http://x');

  it('new enquiries: the enquiries list with status new', () => {
    const url = tile('newEnquiries');
    expect(url.pathname).toBe('/admin/enquiries');
    expect(readEnquiryListParams(url.searchParams)).toMatchObject({ status: 'new' });
  });

  it('new quote requests: the new enquiries that are quote requests', () => {
    const url = tile('newQuoteRequests');
    expect(url.pathname).toBe('/admin/enquiries');
    expect(readEnquiryListParams(url.searchParams)).toMatchObject({ status: 'new', kind: 'quote_request' });
  });

  it('unassigned requests: the pending tickets nobody is assigned to', () => {
    const url = tile('newServiceRequests');
    expect(url.pathname).toBe('/admin/service-requests');
    expect(readTicketListParams(url.searchParams)).toMatchObject({ status: 'pending', assigneeId: 'none' });
  });

  it('service levels: the open tickets at risk, and those breached', () => {
    for (const [key, sla] of [
      ['ticketsAtRisk', 'at_risk'],
      ['ticketsBreached', 'breached'],
    ] as const) {
      const url = tile(key);
      expect(url.pathname).toBe('/admin/service-requests');
      expect(readTicketListParams(url.searchParams)).toMatchObject({ sla, status: null });
    }
  });

  it('chat service levels: the open chats at risk, and those breached', () => {
    for (const [key, sla] of [
      ['chatsAtRisk', 'at_risk'],
      ['chatsBreached', 'breached'],
    ] as const) {
      const url = tile(key);
      expect(url.pathname).toBe('/admin/chat');
      expect(readChatSlaFilter(url.pathname, url.searchParams)).toBe(sla);
    }
    // Elsewhere (the desktop keeps the chat mounted under every screen) the tickets list's ?sla= is not the chat's.
    const tickets = tile('ticketsBreached');
    expect(readChatSlaFilter(tickets.pathname, tickets.searchParams)).toBeNull();
  });

  it('paid orders and waiting chats', () => {
    expect(`${tile('ordersToFulfil').pathname}${tile('ordersToFulfil').search}`).toBe('/admin/orders?status=paid');
    expect(tile('waitingChats').pathname).toBe('/admin/chat');
  });
});
