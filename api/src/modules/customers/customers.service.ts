import type { Knex } from 'knex';
import type {
  AdminCustomerDetails,
  AdminCustomerListQuery,
  AdminCustomerPage,
  AdminCustomerSummary,
  CustomerTimelineEntry,
} from '@shared/schemas/admin-customers';
import { formatOrderNumber } from '@shared/schemas/orders';
import { formatPrice } from '@shared/money';
import { BadRequest, NotFound } from '../../errors';
import { conversationsOfCustomer } from '../chat/storage/customer-conversations';
import { enquiriesFromEmail } from '../contact/customer-enquiries';
import { ordersOfCustomer } from '../orders/customer-orders';
import { serviceRequestsOfCustomer } from '../service-requests/customer-requests';
import { latestSubscriptionOf } from '../subscriptions/customer-subscription';
import { findUserById } from '../users/users.service';

/**
 * Customers for staff (decision 103): client accounts, newest first with
 * keyset pages, searched by a part of the name, username or email (the
 * trigram index on users); one customer with everything about them.
 */

const USER_SEARCH_TEXT = `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || username || ' ' || coalesce(email, ''))`;
const CURSOR_TEXT = /^([on])\.(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

interface Cursor {
  newer: boolean;
  micros: string;
  id: string;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(`${cursor.newer ? 'n' : 'o'}.${cursor.micros}.${cursor.id}`).toString('base64url');

function decodeCursor(text: string): Cursor {
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) throw new BadRequest('cursor: Invalid cursor');
  return { newer: match[1] === 'n', micros: match[2]!, id: match[3]! };
}

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

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
  const order = cursor?.newer ? 'asc' : 'desc';
  const builder = db('users as u')
    .where('u.accountType', 'client')
    .select(
      'u.id',
      'u.username',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.createdAt',
      db.raw(`(extract(epoch from u.created_at) * 1000000)::bigint::text as created_micros`),
      db.raw('(select count(*) from orders o where o.user_id = u.id)::int as order_count'),
    )
    .orderBy([
      { column: 'u.createdAt', order },
      { column: 'u.id', order },
    ])
    .limit(query.limit + 1);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    builder.whereRaw(`${USER_SEARCH_TEXT.replace(/(first_name|last_name|username|email)/g, 'u.$1')} like ?`, [pattern]);
  }
  if (cursor) {
    const micros = BigInt(cursor.micros);
    const seconds = micros / 1_000_000n;
    builder.whereRaw(
      `(u.created_at, u.id) ${cursor.newer ? '>' : '<'} (timestamptz 'epoch' + ? * interval '1 second' + ? * interval '1 microsecond', ?::uuid)`,
      [seconds.toString(), (micros - seconds * 1_000_000n).toString(), cursor.id],
    );
  }
  const rows = (await builder) as CustomerRow[];
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (cursor?.newer) page.reverse();
  const boundary = (row: CustomerRow | undefined, newer: boolean) =>
    row ? encodeCursor({ newer, micros: row.createdMicros, id: row.id }) : null;
  return {
    customers: page.map(toAdminCustomerSummary),
    nextCursor: cursor?.newer || more ? boundary(page.at(-1), false) : null,
    prevCursor: cursor?.newer ? (more ? boundary(page[0], true) : null) : cursor ? boundary(page[0], true) : null,
  };
}

const HISTORY_LIMIT = 100;

/**
 * A customer's account, orders, subscription, service requests, enquiries and chats (by verified email), in one
 * timeline. Each part is read by the module that owns it (docs/architecture.md, "Modules").
 */
export async function getCustomer(db: Knex, customerId: string): Promise<AdminCustomerDetails> {
  const user = await findUserById(db, customerId);
  if (!user) throw new NotFound('Customer not found');
  // Enquiries and chats are found by email only when the address is proven the customer's: anyone can sign up
  // with someone else's address, and staff must not take that person's enquiries for this customer's (decision 155).
  const verifiedEmail = user.verifiedEmail;
  const [orders, requests, enquiries, chats, subscription] = await Promise.all([
    ordersOfCustomer(db, user.id, HISTORY_LIMIT),
    serviceRequestsOfCustomer(db, user.id, HISTORY_LIMIT),
    verifiedEmail ? enquiriesFromEmail(db, verifiedEmail, HISTORY_LIMIT) : Promise.resolve([]),
    conversationsOfCustomer(db, { userId: user.id, verifiedEmail }, HISTORY_LIMIT),
    latestSubscriptionOf(db, user.id),
  ]);

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
      title: r.service,
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
  const timeline = entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));

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
    timeline,
  };
}
