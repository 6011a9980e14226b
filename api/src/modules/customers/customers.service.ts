import type { Knex } from 'knex';
import type { Permission } from '@shared/staff-roles';
import type {
  AdminCustomerDetails,
  AdminCustomerListQuery,
  AdminCustomerPage,
  AdminCustomerSummary,
  CustomerTimelineEntry,
} from '@shared/schemas/admin-customers';
import { formatOrderNumber } from '@shared/schemas/orders';
import { formatPrice } from '@shared/money';
import { toIso as iso } from '../../db/instants';
import { createdMicrosSql, decodeCursor, pageOf, seekPage } from '../../db/keyset';
import { NotFound } from '../../errors';
import { conversationsOfCustomer } from '../chat/storage/customer-conversations';
import { enquiriesFromEmail } from '../enquiries/customer-enquiries';
import { ordersOfCustomer } from '../orders/customer-orders';
import { ticketsOfCustomer } from '../tickets/customer-requests';
import { latestSubscriptionOf } from '../subscriptions/customer-subscription';
import { findUserById } from '../users/users.service';
import { bouncedMailsTo } from '../mail/sent-mail-lookup';
import { answeredSurveysOf } from '../surveys/surveys.service';

/**
 * Customers for staff (decision 103): client accounts, newest first with
 * keyset pages, searched by a part of the name, username or email (the
 * trigram index on users); one customer with everything about them.
 */

const USER_SEARCH_TEXT = `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || username || ' ' || coalesce(email, ''))`;
const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

interface CustomerRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  createdAt: Date;
  createdMicros: string;
  orderCount: number;
}

function toAdminCustomerSummary(row: CustomerRow): AdminCustomerSummary {
  return {
    id: row.id,
    username: row.username,
    name: nameOf(row.firstName, row.lastName),
    email: row.email,
    createdAt: new Date(row.createdAt).toISOString(),
    orderCount: Number(row.orderCount),
  };
}

export async function listCustomers(db: Knex, query: AdminCustomerListQuery): Promise<AdminCustomerPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const builder = db('users as u')
    .where('u.accountType', 'client')
    .select(
      'u.id',
      'u.username',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.createdAt',
      db.raw(`${createdMicrosSql('u')}::text as created_micros`),
      db.raw('(select count(*) from orders o where o.user_id = u.id)::int as order_count'),
    );
  seekPage(builder, 'u', cursor, query.limit);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    builder.whereRaw(`${USER_SEARCH_TEXT.replace(/(first_name|last_name|username|email)/g, 'u.$1')} like ?`, [pattern]);
  }
  const rows = (await builder) as CustomerRow[];
  const { page, nextCursor, prevCursor } = pageOf(rows, query.limit, cursor);
  return { customers: page.map(toAdminCustomerSummary), nextCursor, prevCursor };
}

const HISTORY_LIMIT = 100;

/**
 * What a customer's page reads, each part by the module that owns it (docs/architecture.md, "Modules"), and only
 * the parts the caller's role may open (decision 167); the others come back empty.
 */
async function readCustomerParts(db: Knex, user: CustomerUser, may: (permission: Permission) => boolean) {
  // Enquiries and chats are found by email only when the address is proven the customer's: anyone can sign up
  // with someone else's address, and staff must not take that person's enquiries for this customer's (decision 155).
  const verifiedEmail = user.verifiedEmail;
  const [orders, requests, enquiries, chats, subscription, surveys, bounces] = await Promise.all([
    may('orders.read') ? ordersOfCustomer(db, user.id, HISTORY_LIMIT) : [],
    may('service_requests.work') ? ticketsOfCustomer(db, user.id, HISTORY_LIMIT) : [],
    verifiedEmail && may('enquiries.read') ? enquiriesFromEmail(db, verifiedEmail, HISTORY_LIMIT) : [],
    may('chat') ? conversationsOfCustomer(db, { userId: user.id, verifiedEmail }, HISTORY_LIMIT) : [],
    latestSubscriptionOf(db, user.id),
    answeredSurveysOf(db, user.id, HISTORY_LIMIT),
    // Mails to the customer's address that came back (docs/inbound-email.md): the address may be wrong.
    user.email ? bouncedMailsTo(db, user.email) : [],
  ]);
  return { orders, requests, enquiries, chats, subscription, surveys, bounces };
}

type CustomerUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;
type CustomerParts = Awaited<ReturnType<typeof readCustomerParts>>;

/** The customer's timeline, newest first: each entry shown only to a role that may open what it names. */
function timelineOf(
  user: CustomerUser,
  { orders, requests, enquiries, chats, subscription, surveys, bounces }: CustomerParts,
  may: (permission: Permission) => boolean,
): CustomerTimelineEntry[] {
  const entries: CustomerTimelineEntry[] = [
    { kind: 'account', id: user.id, title: 'Account created', status: null, at: iso(user.createdAt)!, link: null },
    ...orders.map((o) => ({
      kind: 'order' as const,
      id: o.id,
      title: `${formatOrderNumber(o.number)} · ${formatPrice(o.totalAmount)}`,
      status: o.status,
      at: iso(o.createdAt)!,
      link: `/admin/orders/${o.id}`,
    })),
    ...requests.map((r) => ({
      kind: 'service_request' as const,
      id: r.id,
      title: `${r.number} · ${r.service}`,
      status: r.status,
      at: iso(r.createdAt)!,
      link: `/admin/service-requests?id=${r.id}`,
    })),
    ...enquiries.map((e) => ({
      kind: 'enquiry' as const,
      id: e.id,
      title: e.service,
      status: null,
      at: iso(e.createdAt)!,
      link: `/admin/enquiries?id=${e.id}`,
    })),
    ...chats.map((c) => ({
      kind: 'chat' as const,
      id: c.id,
      title: `Chat as ${c.visitorName}`,
      status: c.status,
      at: iso(c.createdAt)!,
      link: `/admin/chat?conversation=${c.id}`,
    })),
    // The customer's ratings (decision 191), each shown only to a role that may open what was rated.
    ...surveys
      .filter((s) => (s.ticketId ? may('service_requests.work') : may('chat')))
      .map((s) => ({
        kind: 'survey' as const,
        id: s.id,
        title: `Rated ${s.rating}/5 · ${s.ticketId ? 'service request' : 'chat'}${s.comment ? ` · “${s.comment.length > 80 ? `${s.comment.slice(0, 79)}…` : s.comment}”` : ''}`,
        status: null,
        at: s.answeredAt!,
        link: s.ticketId
          ? `/admin/service-requests?id=${s.ticketId}`
          : `/admin/chat?conversation=${s.chatConversationId}`,
      })),
    ...bounces.map((b) => ({
      kind: 'bounced_mail' as const,
      id: b.id,
      title: `${b.subject ?? 'A mail'}: ${b.reason}`,
      status: 'bounced',
      at: iso(b.bouncedAt)!,
      link: may('outbox') ? `/admin/outbox?mail=${b.id}` : null,
    })),
    ...(subscription
      ? [
          {
            kind: 'subscription' as const,
            id: subscription.id,
            title: subscription.planName ?? 'Plan',
            status: subscription.status,
            at: iso(subscription.createdAt)!,
            link: null,
          },
        ]
      : []),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/**
 * One customer for staff: the account, orders, subscription, service requests, enquiries and chats (by verified
 * email) and one timeline. `may` is the caller's permissions: what the role may not open comes back empty.
 */
export async function getCustomer(
  db: Knex,
  customerId: string,
  may: (permission: Permission) => boolean,
): Promise<AdminCustomerDetails> {
  const user = await findUserById(db, customerId);
  if (!user) throw new NotFound('Customer not found');
  const parts = await readCustomerParts(db, user, may);
  const { orders, requests, enquiries, chats, subscription } = parts;
  return {
    account: {
      id: user.id,
      username: user.username,
      name: nameOf(user.firstName, user.lastName),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: !!user.email && !!user.emailVerifiedAt,
      accountType: user.accountType,
      createdAt: iso(user.createdAt)!,
    },
    subscription:
      subscription || user.subscriptionStatus
        ? {
            plan: subscription?.planName ?? user.subscriptionPlan,
            status: subscription?.status ?? user.subscriptionStatus,
            currentPeriodEnd: iso(subscription?.currentPeriodEnd ?? null),
            cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
          }
        : null,
    orders: orders.map((o) => ({
      id: o.id,
      number: formatOrderNumber(o.number),
      status: o.status,
      totalAmount: o.totalAmount,
      createdAt: iso(o.createdAt)!,
    })),
    serviceRequests: requests.map((r) => ({ ...r, createdAt: iso(r.createdAt)! })),
    enquiries: enquiries.map((e) => ({ ...e, createdAt: iso(e.createdAt)! })),
    chats: chats.map((c) => ({ ...c, lastMessageAt: iso(c.lastMessageAt), createdAt: iso(c.createdAt)! })),
    timeline: timelineOf(user, parts, may),
  };
}
