import { z } from 'zod';
import { pageCursor } from './page-cursor';
import type { OrderStatus } from './orders';
import { singleLine } from './text';

/** The staff side of customers: GET /api/admin/customers, GET /api/admin/customers/:id (decision 103). */

export const ADMIN_CUSTOMERS_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_CUSTOMERS_PAGE_SIZE_MAX = 100;

/** GET /api/admin/customers?q=&cursor=&limit= */
export const adminCustomerListQuerySchema = z
  .object({
    /** A part of the name, username or email. */
    q: singleLine(100, 'q').optional(),
    cursor: pageCursor.optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(ADMIN_CUSTOMERS_PAGE_SIZE_MAX, `limit must be at most ${ADMIN_CUSTOMERS_PAGE_SIZE_MAX}`)
      .default(ADMIN_CUSTOMERS_PAGE_SIZE_DEFAULT),
  })
  .strict();
export type AdminCustomerListQuery = z.output<typeof adminCustomerListQuerySchema>;

export interface AdminCustomerSummary {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  createdAt: string;
  orderCount: number;
}

export interface AdminCustomerPage {
  customers: AdminCustomerSummary[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** One thing in a customer's history, newest first in the timeline. */
export interface CustomerTimelineEntry {
  /** `bounced_mail`: a mail to the customer's address came back undelivered (its reason is the title). */
  kind: 'account' | 'order' | 'service_request' | 'enquiry' | 'chat' | 'subscription' | 'survey' | 'bounced_mail';
  id: string;
  title: string;
  status: string | null;
  at: string;
  /** Where staff open it in the console, when it has a screen there. */
  link: string | null;
}

export interface AdminCustomerDetails {
  account: {
    id: string;
    username: string;
    name: string | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    /** The email was confirmed through a link mailed to it: only then are enquiries and chats matched by it. */
    emailVerified: boolean;
    accountType: 'client' | 'staff';
    createdAt: string;
  };
  subscription: {
    plan: string | null;
    status: string | null;
    currentPeriodEnd: string | null;
    /** Cancelled: it ends at currentPeriodEnd and does not renew (the status stays active until then). */
    cancelAtPeriodEnd: boolean;
  } | null;
  orders: { id: string; number: string; status: OrderStatus; totalAmount: string; createdAt: string }[];
  serviceRequests: { id: string; number: string; service: string; status: string; createdAt: string }[];
  enquiries: { id: string; service: string; message: string; createdAt: string }[];
  chats: { id: string; status: string; visitorName: string; lastMessageAt: string | null; createdAt: string }[];
  timeline: CustomerTimelineEntry[];
}
