import type { Knex } from 'knex';
import {
  nextOrderStatuses,
  type AdminOrderCustomer,
  type AdminOrderDetails,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminOrderSummary,
  type AdminOrderUpdate,
} from '@shared/schemas/admin-orders';
import { fromCents, toCents } from '@shared/money';
import { formatOrderNumber, ORDER_STATUS_LABELS, type OrderStatus } from '@shared/schemas/orders';
import { createdMicrosSql, cursorCondition, decodeCursor, keysetOrder, pageOf } from '../../db/keyset';
import { Conflict, NotFound } from '../../errors';
import { publish } from '../../live/publish';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { assertMay } from '../../middleware/current-user';
import type { User } from '../users/user.model';
import { listOrderEvents, recordOrderEvent } from './order-events';
import { toOrderDetails } from './order-format';
import { queueOrderCancelledMail, queueOrderShippedMail } from './order-mails';
import { OrderItem } from './order-item.model';
import { findInvoice } from './invoices';
import { Order } from './order.model';

/** An order in these statuses has taken the buyer's money (ORDER_TRANSITIONS lets staff cancel from them). */
const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set(['paid', 'processing']);

/**
 * The staff side of orders (decision 101): the list with search, filters and
 * keyset pages; one order with its customer, payment and timeline; and the
 * fulfilment steps, each in one transaction with the order row locked.
 */

// ---- The list ----------------------------------------------------------------------------------

interface ListRow {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: Date;
  totalAmount: string;
  currency: string;
  shippingFullName: string;
  itemCount: number;
  createdMicros: string;
  customerId: string;
  customerUsername: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
}

function customerName(first: string | null, last: string | null): string | null {
  return [first, last].filter(Boolean).join(' ') || null;
}

function toAdminOrderSummary(row: ListRow): AdminOrderSummary {
  return {
    id: row.id,
    number: formatOrderNumber(row.number),
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    totalAmount: row.totalAmount,
    currency: row.currency,
    itemCount: Number(row.itemCount),
    shippingName: row.shippingFullName,
    customer: {
      id: row.customerId,
      username: row.customerUsername,
      name: customerName(row.customerFirstName, row.customerLastName),
      email: row.customerEmail,
    },
  };
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER_NUMBER_QUERY = /^(?:ns-?)?(\d{1,15})$/i;

/** Orders newest first, a page at a time; `q` finds an order number, a customer's name or email, or the ship-to name. */
export async function listAdminOrders(db: Knex, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const order = keysetOrder(cursor);
  const builder = db('orders as o')
    .join('users as u', 'u.id', 'o.userId')
    .select(
      'o.id',
      'o.number',
      'o.status',
      'o.createdAt',
      'o.totalAmount',
      'o.currency',
      'o.shippingFullName',
      'u.id as customerId',
      'u.username as customerUsername',
      'u.firstName as customerFirstName',
      'u.lastName as customerLastName',
      'u.email as customerEmail',
      db.raw(`${createdMicrosSql('o')}::text as created_micros`),
      db.raw(`(select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)::int as item_count`),
    )
    .orderBy([
      { column: 'o.createdAt', order },
      { column: 'o.id', order },
    ])
    .limit(query.limit + 1);
  // The filters and the page boundary, for the orders of alias `a`.
  const filters = (a: string): [string, string[]] => {
    const sql: string[] = [];
    const bindings: string[] = [];
    if (query.status) {
      sql.push(`${a}.status = ?`);
      bindings.push(query.status);
    }
    if (query.from) {
      sql.push(`${a}.created_at >= ?::date::timestamp at time zone 'UTC'`);
      bindings.push(query.from);
    }
    if (query.to) {
      sql.push(`${a}.created_at < (?::date + 1)::timestamp at time zone 'UTC'`);
      bindings.push(query.to);
    }
    if (cursor) {
      const [condition, values] = cursorCondition(cursor, a);
      sql.push(condition);
      bindings.push(...values);
    }
    return [sql.map((condition) => ` and ${condition}`).join(''), bindings];
  };
  const number = query.q ? ORDER_NUMBER_QUERY.exec(query.q) : null;
  if (query.q && !number) {
    // A text search (decision 145): steps whose cost does not grow with the orders there are, in one statement.
    builder.whereIn(
      'o.id',
      searchOrderIds(db, containsPattern(query.q), filters('s'), order, query.limit + 1) as unknown as string[],
    );
  } else {
    const [sql, bindings] = filters('o');
    if (sql) builder.whereRaw(`true${sql}`, bindings);
    if (number) builder.where('o.number', number[1]!);
  }

  const rows = (await builder) as ListRow[];
  const { page, nextCursor, prevCursor } = pageOf(rows, query.limit, cursor);
  return { orders: page.map(toAdminOrderSummary), nextCursor, prevCursor };
}

/** How many of the newest filtered orders a search tests one by one before turning to the trigram indexes. */
const SEARCH_WINDOW = 500;
/** Up to how many matching customers their orders are read customer by customer. */
const FEW_CUSTOMERS = 100;

/** What a user search matches: names, username and email, lower-cased (the users trigram index's expression). */
const USER_SEARCH_TEXT = `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || username || ' ' || coalesce(email, ''))`;

/**
 * A subquery: the ids of a page of orders whose search text (the customer's names, username and email, and the
 * ship-to name) contains `pattern`, under the filters (`s` is the orders alias), newest first (decision 145).
 * Each step costs about the same whatever the match, so neither common nor rare matches cost as much as the
 * orders there are:
 * 1. The newest SEARCH_WINDOW orders of the filters, tested one by one (an index walk): a common match fills the
 *    page here, and nothing else runs.
 * 2. Otherwise matches are rare among the filtered orders. When few customers match (an email, a rare name),
 *    their orders through (user_id, created_at) and the ship-to names through their trigram index; when many
 *    do (a common name with a status it rarely has), the orders' own trigram index ANDed with the status or date
 *    indexes. Either way all matches are collected (materialized, so the page order does not tempt the planner
 *    into a walk), then sorted.
 * The steps not needed are cut by one-time filters at run time: one statement, one round trip to the database.
 * Leaving the choice to the planner alone walks every order of a status when a common name never has that status
 * (it takes the two for independent), or reads every frequent trigram's list of 200,000 orders for an email.
 */
function searchOrderIds(
  db: Knex,
  pattern: string,
  [sql, bindings]: [string, string[]],
  order: 'asc' | 'desc',
  limit: number,
): Knex.Raw {
  const page = (a: string) => `order by ${a}.created_at ${order}, ${a}.id ${order}`;
  const rare = `(select count(*) from walked) < ${limit}`;
  return db.raw(
    `with walked as materialized (
       select w.id, w.created_at from (
         select s.id, s.created_at, s.search_text from orders s where true${sql} ${page('s')} limit ${SEARCH_WINDOW}
       ) w where w.search_text like ? ${page('w')} limit ${limit}
     ), customers as materialized (
       select id from users where ${USER_SEARCH_TEXT} like ? limit ${FEW_CUSTOMERS + 1}
     ), found as materialized (
       select s.id, s.created_at from orders s
        where ${rare} and (select count(*) from customers) <= ${FEW_CUSTOMERS}
          and (s.user_id = any(array(select id from customers)) or lower(s.shipping_full_name) like ?)${sql}
       union all
       select s.id, s.created_at from orders s
        where ${rare} and (select count(*) from customers) > ${FEW_CUSTOMERS} and s.search_text like ?${sql}
     )
     select m.id from (select id, created_at from walked union select id, created_at from found) m
     ${page('m')} limit ${limit}`,
    [...bindings, pattern, pattern, pattern, ...bindings, pattern, ...bindings],
  );
}

// ---- One order ---------------------------------------------------------------------------------

async function customerOf(db: Knex, userId: string): Promise<AdminOrderCustomer> {
  const user = await db('users')
    .where({ id: userId })
    .first<{ id: string; username: string; firstName: string | null; lastName: string | null; email: string | null }>(
      'id',
      'username',
      'firstName',
      'lastName',
      'email',
    );
  return {
    id: user.id,
    username: user.username,
    name: customerName(user.firstName, user.lastName),
    email: user.email,
  };
}

/** The quote an order was made from (decision 201): its number, the deposit allocated to the order, the balance. */
async function fromQuoteOf(db: Knex, order: Order): Promise<AdminOrderDetails['fromQuote']> {
  if (!order.quoteId) return null;
  const quote = await db('quotes')
    .where({ id: order.quoteId })
    .first<{ id: string; number: string; version: number } | undefined>('id', 'number', 'version');
  if (!quote) return null;
  return {
    id: quote.id,
    number: quote.version > 1 ? `${quote.number}-v${quote.version}` : quote.number,
    depositPaid: order.depositAmount,
    balanceDue: fromCents(toCents(order.totalAmount) - toCents(order.depositAmount)),
  };
}

export async function getAdminOrder(db: Knex, orderId: string): Promise<AdminOrderDetails> {
  const order = await Order.query(db).findById(orderId);
  if (!order) throw new NotFound('Order not found');
  const [items, customer, timeline, invoice] = await Promise.all([
    OrderItem.query(db).where({ orderId }).orderBy('productName'),
    customerOf(db, order.userId),
    listOrderEvents(db, orderId),
    findInvoice(db, orderId),
  ]);
  return {
    ...toOrderDetails(order, items),
    invoiceNumber: invoice?.number ?? null,
    customer,
    payment: order.paymentProvider ? { provider: order.paymentProvider, id: order.providerPaymentId } : null,
    fromQuote: await fromQuoteOf(db, order),
    timeline,
    nextStatuses: nextOrderStatuses(order.status),
  };
}

// ---- Fulfilment --------------------------------------------------------------------------------

/** Why a status change is refused: said so a staff member knows what to do instead. */
function refusal(from: OrderStatus, to: OrderStatus): string {
  const label = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();
  if (from === to) return `The order is already ${label(from)}.`;
  const allowed = nextOrderStatuses(from);
  return allowed.length === 0
    ? `The order is ${label(from)}: its status can no longer change.`
    : `The order is ${label(from)}: it can only become ${allowed.map(label).join(' or ')}, not ${label(to)}.`;
}

/**
 * Moves an order along paid → processing → shipped → delivered, or to
 * cancelled. The row is locked, so two staff members acting at once are
 * served one after the other and the second is judged on the new status.
 * Refused transitions change nothing (409 with the reason). The audit log
 * records who did it (`order.cancelled`, or `order.status_changed`).
 */
export async function updateOrderStatus(
  db: Knex,
  { user, actor: staff }: { user: User; actor: AuditActor },
  orderId: string,
  update: AdminOrderUpdate,
): Promise<AdminOrderDetails> {
  await db.transaction(async (trx) => {
    const order = await Order.query(trx).forUpdate().findById(orderId);
    if (!order) throw new NotFound('Order not found');
    if (!nextOrderStatuses(order.status).includes(update.status))
      throw new Conflict(refusal(order.status, update.status));
    // Cancelling an order that took money is a refund's business: fulfilment cancels unpaid orders only.
    if (update.status === 'cancelled' && PAID_STATUSES.has(order.status)) assertMay(user, 'refunds');
    const now = new Date();
    const patch: Partial<Order> = { status: update.status };
    if (update.status === 'shipped') {
      patch.carrier = update.carrier || null;
      patch.trackingNumber = update.trackingNumber || null;
      patch.shippedAt = now;
    }
    if (update.status === 'delivered') patch.deliveredAt = now;
    if (update.status === 'cancelled') patch.cancelledAt = now;
    const updated = await Order.query(trx).patchAndFetchById(order.id, patch);
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'status_changed',
      actorId: staff.id,
      data: {
        from: order.status,
        to: update.status,
        ...(update.status === 'shipped' ? { carrier: patch.carrier, trackingNumber: patch.trackingNumber } : {}),
      },
    });
    const shipping = update.status === 'shipped';
    await recordAudit(trx, staff, {
      action: update.status === 'cancelled' ? 'order.cancelled' : 'order.status_changed',
      recordType: 'order',
      recordId: order.id,
      before: {
        status: order.status,
        ...(shipping ? { carrier: order.carrier, trackingNumber: order.trackingNumber } : {}),
      },
      after: {
        status: updated.status,
        ...(shipping ? { carrier: updated.carrier, trackingNumber: updated.trackingNumber } : {}),
      },
    });
    if (update.status === 'shipped') await queueOrderShippedMail(trx, updated);
    if (update.status === 'cancelled') await queueOrderCancelledMail(trx, updated);
    await publish(trx, 'staff', { kind: 'order.updated', id: order.id });
  });
  return getAdminOrder(db, orderId);
}
