import type { Knex } from 'knex';
import { firstNameOf, type CannedReplyValues } from '@shared/canned-replies';
import type { CannedReplyVariablesQuery } from '@shared/schemas/canned-replies';
import { formatOrderNumber } from '@shared/schemas/orders';
import { company } from '@shared/site/company';
import { NotFound } from '../../errors';
import { assertMay } from '../../middleware/current-user';
import { loadConversation } from '../chat/storage/conversations';
import { readEnquiry } from '../enquiries/enquiries.service';
import { ordersOfCustomer } from '../orders/customer-orders';
import { ticketContact } from '../tickets/customer-requests';
import type { User } from '../users/user.model';

/**
 * The values a canned reply's variables take in one conversation (a chat, a
 * ticket or an enquiry), for the composer to fill in. The caller must be
 * allowed to open that conversation; what it does not have is null (an
 * anonymous visitor has no order), and the composer warns about it.
 */
export async function cannedReplyValues(
  db: Knex,
  caller: User,
  query: CannedReplyVariablesQuery,
): Promise<CannedReplyValues> {
  let customerName: string | null = null;
  let customerId: string | null = null;
  let ticketNumber: string | null = null;
  if (query.chatId) {
    assertMay(caller, 'chat');
    const conversation = await loadConversation(db, query.chatId);
    if (!conversation) throw new NotFound('Conversation not found');
    customerName = conversation.visitorName;
    customerId = conversation.userId;
  } else if (query.ticketId) {
    assertMay(caller, 'service_requests.work');
    const ticket = await ticketContact(db, query.ticketId);
    if (!ticket) throw new NotFound('Service request not found');
    customerName = ticket.name;
    customerId = ticket.userId;
    ticketNumber = ticket.number;
  } else if (query.enquiryId) {
    assertMay(caller, 'enquiries.read');
    const enquiry = await readEnquiry(db, query.enquiryId);
    customerName = enquiry.name;
    customerId = enquiry.clientId;
  }
  // The order number only for roles that may read orders (every role that answers customers today).
  const [latestOrder] = customerId && caller.may('orders.read') ? await ordersOfCustomer(db, customerId, 1) : [];
  return {
    'customer.firstName': firstNameOf(customerName),
    'customer.name': customerName?.trim() || null,
    'ticket.number': ticketNumber,
    'order.number': latestOrder ? formatOrderNumber(latestOrder.number) : null,
    'staff.firstName': caller.firstName?.trim() || firstNameOf(caller.displayName),
    'company.phone': company.phone,
  };
}
