import { describe, expect, it } from 'vitest';
import { dashboardTiles } from '@/features/console/components/dashboard';
import { readEnquiryListParams } from '@/features/enquiries/components/enquiry-list-params';
import { readTicketListParams } from '@/features/service-requests/components/ticket-list-params';

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

  it('paid orders and waiting chats', () => {
    expect(`${tile('ordersToFulfil').pathname}${tile('ordersToFulfil').search}`).toBe('/admin/orders?status=paid');
    expect(tile('waitingChats').pathname).toBe('/admin/chat');
  });
});
