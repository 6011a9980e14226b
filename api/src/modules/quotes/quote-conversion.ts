import type { Knex } from 'knex';
import { fromCents, toCents } from '@shared/money';
import { quoteTotalsCents } from '@shared/quote-totals';
import { formatOrderNumber, type Shipping } from '@shared/schemas/orders';
import { publish } from '../../live/publish';
import type { BillingContent } from '../billing/billing-pdf';
import { issueInvoice } from '../billing/invoices';
import { recordOrderEvent } from '../orders/order-events';
import { toOrderDetails, toOrderLines } from '../orders/order-format';
import { OrderItem } from '../orders/order-item.model';
import { Order, shippingColumnsOf } from '../orders/order.model';
import type { User } from '../users/user.model';
import { recordQuoteEvent, type QuoteLineRow, type QuoteRow } from './quote-rows';
import { displayNumber } from './quotes.service';

/**
 * What an accepted quote becomes besides its project (issue 25; decision 201):
 * an order for its product lines and a plan for its recurring lines, both
 * belonging to the client's account. Both are made in the conversion's
 * transaction, under the quote's row lock, and are unique on the quote
 * (`orders.quote_id`, `subscription_plans.quote_id`); the subscription on the
 * plan is started after that transaction commits (quote-subscriptions.ts),
 * because it calls the provider.
 */

/** Whether the quote's lines make records that belong to an account (an order, a subscription). */
export const needsAccount = (lines: readonly Pick<QuoteLineRow, 'kind'>[]) =>
  lines.some((line) => line.kind === 'product' || line.kind === 'recurring');

export const hasProducts = (lines: readonly Pick<QuoteLineRow, 'kind'>[]) =>
  lines.some((line) => line.kind === 'product');

/** The client account with this verified address (never an unverified one), or null. */
export async function verifiedAccountOf(db: Knex | Knex.Transaction, email: string): Promise<string | null> {
  const account = await db('users')
    .where({ accountType: 'client' })
    .whereNotNull('emailVerifiedAt')
    .whereRaw('lower(email) = lower(?)', [email])
    .first<{ id: string } | undefined>('id');
  return account?.id ?? null;
}

/**
 * The account a quote's order and subscription belong to: the quote's
 * customer; else the client account whose verified address the quote was sent
 * to; else the client signed in while accepting. Null when there is none.
 */
export async function accountForQuote(
  db: Knex | Knex.Transaction,
  row: Pick<QuoteRow, 'customerUserId' | 'customerEmail'>,
  signedIn: Pick<User, 'id' | 'accountType'> | null,
): Promise<string | null> {
  if (row.customerUserId) return row.customerUserId;
  const verified = await verifiedAccountOf(db, row.customerEmail);
  if (verified) return verified;
  return signedIn?.accountType === 'client' ? signedIn.id : null;
}

export const ACCOUNT_REQUIRED =
  'Please sign in or create an account to accept this quote: its products and monthly services are kept in your account.';

/**
 * The part of the deposit that pays for the order: the deposit is a share of
 * the quote's one-time total, so the order gets the same share of its own
 * total, rounded half-up to the cent (never more than the order's total). The
 * rest of the deposit stays with the project's services.
 */
export function orderDepositCents(depositCents: number, orderTotalCents: number, oneTimeTotalCents: number): number {
  if (depositCents <= 0 || oneTimeTotalCents <= 0) return 0;
  const share = Math.floor((2 * depositCents * orderTotalCents + oneTimeTotalCents) / (2 * oneTimeTotalCents));
  return Math.min(share, orderTotalCents);
}

/** The provider a deposit was paid through, from its payment's id (the demo provider's start with `demo_`). */
const depositProvider = (paymentId: string | null): 'stripe' | 'demo' | null =>
  paymentId ? (paymentId.startsWith('demo_') ? 'demo' : 'stripe') : null;

/** The order's invoice: its lines and tax, the deposit allocated to it as paid, and the balance due. */
function quoteOrderInvoice(row: QuoteRow, order: Order, items: OrderItem[], customer: BillingContent['customer']) {
  const details = toOrderDetails(order, items);
  const number = formatOrderNumber(order.number);
  const balance = fromCents(toCents(order.totalAmount) - toCents(order.depositAmount));
  const provider = depositProvider(row.depositPaymentId);
  const content: BillingContent = {
    reference: { label: 'Order', value: number },
    description: `Order ${number} from quote ${displayNumber(row)}`,
    customer,
    shipping: details.shipping,
    lines: toOrderLines(details),
    subtotal: details.subtotalAmount,
    tax: details.taxAmount,
    total: details.totalAmount,
    payment: provider ? { provider, id: row.depositPaymentId } : null,
    settlement: {
      paid: order.depositAmount,
      balanceDue: balance,
      note:
        toCents(order.depositAmount) > 0
          ? `Made from quote ${displayNumber(row)}: $${order.depositAmount} of the deposit paid on the quote is applied to this order. The balance of $${balance} is due on delivery.`
          : `Made from quote ${displayNumber(row)}. The balance of $${balance} is due on delivery.`,
    },
  };
  return content;
}

/**
 * The order for the quote's product lines, at the prices frozen on the quote,
 * taxed as the quote taxed them, shipped to the address given when accepting.
 * It enters fulfilment as a paid order would (status `paid`); its invoice
 * shows the deposit allocated to it as paid and the balance due. Nothing is
 * charged. One per quote (`orders.quote_id`); returns its id, or null when
 * the quote has no product lines.
 */
export async function createQuoteOrder(
  trx: Knex.Transaction,
  row: QuoteRow,
  lines: readonly QuoteLineRow[],
  userId: string,
): Promise<{ id: string; number: string } | null> {
  const products = lines.filter((line) => line.kind === 'product' && line.productId);
  if (products.length === 0) return null;
  const existing = await Order.query(trx).findOne({ quoteId: row.id });
  if (existing) return { id: existing.id, number: formatOrderNumber(existing.number) };
  const shipping = row.shipping as Shipping | null;
  if (!shipping) throw new Error(`Quote ${row.id} has product lines but no delivery address`);
  const totals = quoteTotalsCents(products, 0);
  const deposit = orderDepositCents(row.depositCents, totals.oneTimeTotal, row.oneTimeTotalCents);
  const paidAt = new Date();
  const order = await Order.query(trx)
    .insert({
      userId,
      quoteId: row.id,
      status: 'paid',
      paidAt,
      subtotalAmount: fromCents(totals.oneTimeSubtotal),
      taxAmount: fromCents(totals.tax),
      totalAmount: fromCents(totals.oneTimeTotal),
      depositAmount: fromCents(deposit),
      currency: 'usd',
      // No payment of its own: the deposit was a payment of the quote (refunds of it go through the provider).
      paymentProvider: null,
      providerPaymentId: null,
      ...shippingColumnsOf(shipping),
    })
    .returning('*');
  const items = await OrderItem.query(trx)
    .insert(
      products.map((line) => ({
        orderId: order.id,
        productId: line.productId!,
        productName: line.description,
        quantity: line.quantity,
        price: line.unitPrice,
      })),
    )
    .returning('*');
  await recordOrderEvent(trx, {
    orderId: order.id,
    type: 'placed',
    data: { quote: displayNumber(row), total: order.totalAmount, depositApplied: order.depositAmount },
  });
  await issueInvoice(trx, {
    source: 'order',
    sourceId: order.id,
    orderId: order.id,
    userId,
    issuedAt: paidAt,
    content: quoteOrderInvoice(row, order, items, { name: row.customerName, email: row.customerEmail }),
  });
  const number = formatOrderNumber(order.number);
  await recordQuoteEvent(trx, row.id, 'order_created', null, { orderId: order.id, orderNumber: number });
  // The fulfilment list hears of it like of a paid order (decision 100).
  await publish(trx, 'staff', { kind: 'order.paid', id: order.id });
  return { id: order.id, number };
}

/**
 * The plan made for the quote's recurring lines: never offered on /pricing
 * (inactive), priced at the quote's monthly total, its lines as features. One
 * per quote (`subscription_plans.quote_id`); its subscription is started
 * after the conversion commits. Returns its id, or null without recurring lines.
 */
export async function createQuotePlan(
  trx: Knex.Transaction,
  row: QuoteRow,
  lines: readonly QuoteLineRow[],
): Promise<string | null> {
  const recurring = lines.filter((line) => line.kind === 'recurring');
  if (recurring.length === 0) return null;
  const number = displayNumber(row);
  await trx('subscription_plans')
    .insert({
      name: `${number}: ${row.title}`.slice(0, 200),
      description: `Monthly services of quote ${number}`,
      price: fromCents(row.recurringMonthlyCents),
      interval: 'month',
      features: recurring.map((line) => `${line.quantity} × ${line.description} at $${line.unitPrice} a month`),
      isActive: false,
      quoteId: row.id,
    })
    .onConflict('quoteId')
    .ignore();
  const plan = await trx('subscription_plans').where({ quoteId: row.id }).first<{ id: string }>('id');
  await trx('quotes').where({ id: row.id }).update({ subscriptionPlanId: plan.id });
  return plan.id;
}
