import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * Stripe Billing in the local fake of Stripe's API (stripe-fake.ts):
 * customers, products, prices, subscriptions and their invoices, behaving as
 * the API version the installed SDK pins (periods on subscription items, the
 * first invoice's `confirmation_secret`, `parent.subscription_details`).
 */

type Params = Record<string, unknown>;
interface FakeAnswer {
  status: number;
  body: unknown;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function stripeError(status: number, type: string, message: string, extra: Params = {}): FakeAnswer {
  return { status, body: { error: { type, message, ...extra } } };
}

const missing = (kind: string, id: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
const invalid = (message: string, param?: string) =>
  stripeError(400, 'invalid_request_error', message, param ? { param } : {});

/** `a[0]=x&a[1]=y` decodes to `{ 0: 'x', 1: 'y' }`; this gives back the list. */
function listParam(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === 'object') return Object.values(value).map(String);
  return typeof value === 'string' ? [value] : [];
}

/** The same day of the next month (or year), clamped to shorter months, as Stripe bills. */
function addPeriod(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000);
  const total = date.getUTCMonth() + (interval === 'year' ? 12 : 1);
  const year = date.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(date.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  const end = Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(end / 1000);
}

function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  if (update === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries((update as Record<string, string>) ?? {})) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

export function createBillingFake() {
  const customers = new Map<string, Stripe.Customer>();
  const products = new Map<string, Stripe.Product>();
  const prices = new Map<string, Stripe.Price>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const invoices = new Map<string, Stripe.Invoice>();
  /** Proration requests received, for assertions. */
  const prorations: { subscription: string; behavior: string; from: string; to: string }[] = [];
  let sequence = 0;
  const order = new Map<string, number>();

  function invoiceFor(subscription: Stripe.Subscription, amount: number, reason: string): Stripe.Invoice {
    const id = newId('in');
    const paid = amount === 0;
    const intent = newId('pi');
    const invoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: subscription.currency,
      billing_reason: reason,
      created: now(),
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      confirmation_secret: paid
        ? null
        : { client_secret: `${intent}_secret_${randomBytes(12).toString('hex')}`, type: 'payment_intent' },
    } as unknown as Stripe.Invoice;
    invoices.set(id, invoice);
    return invoice;
  }

  /** Stripe leaves `confirmation_secret` out unless it is expanded. */
  function presentInvoice(invoice: Stripe.Invoice, expand: string[]): Stripe.Invoice {
    if (expand.includes('confirmation_secret')) return invoice;
    const { confirmation_secret: _secret, ...rest } = invoice;
    return rest as Stripe.Invoice;
  }

  function presentSubscription(subscription: Stripe.Subscription, expand: string[]): Stripe.Subscription {
    const invoiceId = subscription.latest_invoice as string | null;
    if (!invoiceId || !expand.some((path) => path.startsWith('latest_invoice'))) return subscription;
    const nested = expand.filter((path) => path.startsWith('latest_invoice.')).map((path) => path.slice(15));
    return { ...subscription, latest_invoice: presentInvoice(invoices.get(invoiceId)!, nested) };
  }

  function createSubscription(params: Params): FakeAnswer {
    const customer = String(params.customer ?? '');
    const owner = customers.get(customer);
    if (!owner || 'deleted' in owner) return missing('customer', customer, 'customer');
    const items = Object.values((params.items as Record<string, Params>) ?? {});
    if (items.length !== 1) return invalid('The fake supports exactly one subscription item.', 'items');
    const price = prices.get(String(items[0]!.price));
    if (!price || !price.active) return missing('price', String(items[0]!.price), 'items[0][price]');
    if (params.payment_behavior !== 'default_incomplete') {
      return invalid('The fake supports only payment_behavior=default_incomplete.', 'payment_behavior');
    }
    const id = newId('sub');
    const start = now();
    const amount = price.unit_amount ?? 0;
    const subscription = {
      id,
      object: 'subscription',
      customer,
      status: amount === 0 ? 'active' : 'incomplete',
      currency: price.currency,
      description: (params.description as string) ?? null,
      metadata: mergeMetadata({}, params.metadata),
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            subscription: id,
            created: start,
            current_period_start: start,
            current_period_end: addPeriod(start, price.recurring?.interval ?? 'month'),
          },
        ],
      },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      payment_settings: params.payment_settings ?? null,
      created: start,
      start_date: start,
      livemode: false,
      latest_invoice: null,
    } as unknown as Stripe.Subscription;
    subscription.latest_invoice = invoiceFor(subscription, amount, 'subscription_create').id;
    subscriptions.set(id, subscription);
    order.set(id, (sequence += 1));
    return { status: 200, body: presentSubscription(subscription, listParam(params.expand)) };
  }

  function updateSubscription(current: Stripe.Subscription, params: Params): FakeAnswer {
    const changes = Object.keys(params).filter((key) => key !== 'metadata' && key !== 'expand');
    if ((current.status === 'canceled' || current.status === 'incomplete_expired') && changes.length > 0) {
      return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (current.status === 'incomplete' && changes.length > 0) {
      return invalid('A subscription in incomplete status can only have its metadata and default_source updated.');
    }
    if ('cancel_at' in params && 'cancel_at_period_end' in params) {
      return invalid('You may only specify one of these parameters: cancel_at, cancel_at_period_end.');
    }
    const next = { ...current, metadata: mergeMetadata(current.metadata, params.metadata) } as Stripe.Subscription;
    const item = current.items.data[0]!;
    if (params.cancel_at_period_end === 'true') {
      Object.assign(next, { cancel_at_period_end: true, cancel_at: item.current_period_end, canceled_at: now() });
    } else if (params.cancel_at_period_end === 'false' || params.cancel_at === '') {
      Object.assign(next, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    }
    const change = Object.values((params.items as Record<string, Params>) ?? {})[0];
    if (change) {
      if (change.id !== item.id) return missing('subscription_item', String(change.id), 'items[0][id]');
      const price = prices.get(String(change.price));
      if (!price || !price.active) return missing('price', String(change.price), 'items[0][price]');
      prorations.push({
        subscription: current.id,
        behavior: String(params.proration_behavior ?? 'create_prorations'),
        from: item.price.id,
        to: price.id,
      });
      next.items = { ...current.items, data: [{ ...item, price }] };
    }
    subscriptions.set(current.id, next);
    return { status: 200, body: presentSubscription(next, listParam(params.expand)) };
  }

  function cancelSubscription(current: Stripe.Subscription): FakeAnswer {
    if (current.status === 'canceled' || current.status === 'incomplete_expired') {
      return invalid(`No such subscription: '${current.id}'`);
    }
    const ended = {
      ...current,
      status: current.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
      canceled_at: now(),
      ended_at: now(),
    } as Stripe.Subscription;
    subscriptions.set(current.id, ended);
    return { status: 200, body: ended };
  }

  function createPrice(params: Params): FakeAnswer {
    const product = String(params.product ?? '');
    if (!products.has(product)) return missing('product', product, 'product');
    const amount = Number(params.unit_amount);
    if (!Number.isInteger(amount) || amount < 0) return invalid('Invalid integer: unit_amount', 'unit_amount');
    const lookupKey = (params.lookup_key as string) ?? null;
    const holder = [...prices.values()].find((price) => lookupKey && price.lookup_key === lookupKey);
    if (holder) {
      if (params.transfer_lookup_key !== 'true') {
        return invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      }
      prices.set(holder.id, { ...holder, lookup_key: null });
    }
    const recurring = params.recurring as Params | undefined;
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      product,
      currency: String(params.currency),
      unit_amount: amount,
      type: recurring ? 'recurring' : 'one_time',
      recurring: recurring ? { interval: String(recurring.interval), interval_count: 1, usage_type: 'licensed' } : null,
      lookup_key: lookupKey,
      metadata: mergeMetadata({}, params.metadata),
      created: now(),
      livemode: false,
    } as unknown as Stripe.Price;
    prices.set(price.id, price);
    return { status: 200, body: price };
  }

  function handle(method: string, path: string, params: Params): FakeAnswer | null {
    const [, resource, id, action] = path.split('/').slice(1);
    const expand = listParam(params.expand);
    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: (params.email as string) ?? null,
          name: (params.name as string) ?? null,
          metadata: mergeMetadata({}, params.metadata),
          created: now(),
          livemode: false,
        } as Stripe.Customer;
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case 'GET customers/:id': {
        const customer = customers.get(id!);
        return customer ? { status: 200, body: customer } : missing('customer', id!);
      }
      case 'POST products': {
        const productId = (params.id as string) ?? newId('prod');
        if (products.has(productId)) {
          return stripeError(400, 'invalid_request_error', `Product already exists.`, {
            code: 'resource_already_exists',
          });
        }
        const product = {
          id: productId,
          object: 'product',
          active: true,
          name: String(params.name),
          description: (params.description as string) ?? null,
          metadata: mergeMetadata({}, params.metadata),
          created: now(),
          livemode: false,
        } as Stripe.Product;
        products.set(productId, product);
        return { status: 200, body: product };
      }
      case 'GET products/:id': {
        const product = products.get(id!);
        return product ? { status: 200, body: product } : missing('product', id!);
      }
      case 'POST products/:id': {
        const product = products.get(id!);
        if (!product) return missing('product', id!);
        const updated = { ...product, ...params, metadata: mergeMetadata(product.metadata, params.metadata) };
        products.set(id!, updated as Stripe.Product);
        return { status: 200, body: updated };
      }
      case 'POST prices':
        return createPrice(params);
      case 'GET prices/:id': {
        const price = prices.get(id!);
        return price ? { status: 200, body: price } : missing('price', id!);
      }
      case 'POST prices/:id': {
        const price = prices.get(id!);
        if (!price) return missing('price', id!);
        const updated = { ...price, active: params.active === undefined ? price.active : params.active === 'true' };
        prices.set(id!, updated);
        return { status: 200, body: updated };
      }
      case 'GET prices': {
        const keys = listParam(params.lookup_keys);
        const data = [...prices.values()].filter(
          (price) =>
            (keys.length === 0 || (price.lookup_key && keys.includes(price.lookup_key))) &&
            (params.active === undefined || String(price.active) === params.active),
        );
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
      }
      case 'POST subscriptions':
        return createSubscription(params);
      case 'GET subscriptions': {
        const wanted = (params.status as string) ?? 'active-ish';
        const data = [...subscriptions.values()]
          .filter((sub) => !params.customer || sub.customer === params.customer)
          .filter((sub) =>
            wanted === 'all' ? true : wanted === 'active-ish' ? sub.status !== 'canceled' : sub.status === wanted,
          )
          .sort((a, b) => b.created - a.created || order.get(b.id)! - order.get(a.id)!)
          .slice(0, Number(params.limit ?? 10));
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
      }
      case 'GET subscriptions/:id': {
        const subscription = subscriptions.get(id!);
        return subscription
          ? { status: 200, body: presentSubscription(subscription, expand) }
          : missing('subscription', id!);
      }
      case 'POST subscriptions/:id': {
        const subscription = subscriptions.get(id!);
        return subscription ? updateSubscription(subscription, params) : missing('subscription', id!);
      }
      case 'DELETE subscriptions/:id': {
        const subscription = subscriptions.get(id!);
        return subscription ? cancelSubscription(subscription) : missing('subscription', id!);
      }
      case 'GET invoices/:id': {
        const invoice = invoices.get(id!);
        return invoice ? { status: 200, body: presentInvoice(invoice, expand) } : missing('invoice', id!);
      }
      default:
        return null;
    }
  }

  function mustGet(id: string): Stripe.Subscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  }

  function save(subscription: Stripe.Subscription, invoice?: Stripe.Invoice) {
    subscriptions.set(subscription.id, subscription);
    if (invoice) invoices.set(invoice.id, invoice);
    return { subscription, invoice: invoice ?? invoices.get(subscription.latest_invoice as string)! };
  }

  return {
    customers,
    products,
    prices,
    subscriptions,
    invoices,
    prorations,
    handle,
    /** A price, as `npm run stripe:sync-plans` would have made it. */
    addPrice(unitAmount: number, interval = 'month'): Stripe.Price {
      const product = `prod_${randomBytes(6).toString('hex')}`;
      products.set(product, { id: product, object: 'product', name: 'Test plan' } as Stripe.Product);
      return createPrice({ product, unit_amount: String(unitAmount), currency: 'usd', recurring: { interval } })
        .body as Stripe.Price;
    },
    /** The customer pays the first (open) invoice: the subscription becomes active. */
    payFirstInvoice(id: string) {
      const subscription = mustGet(id);
      const invoice = invoices.get(subscription.latest_invoice as string)!;
      return save(
        { ...subscription, status: 'active' } as Stripe.Subscription,
        { ...invoice, status: 'paid', amount_paid: invoice.amount_due } as Stripe.Invoice,
      );
    },
    /** The period ends and Stripe renews: a new period and a new invoice, paid or failed. */
    renew(id: string, outcome: 'paid' | 'failed') {
      const subscription = mustGet(id);
      const item = subscription.items.data[0]!;
      const start = item.current_period_end;
      const renewed = {
        ...subscription,
        status: outcome === 'paid' ? 'active' : 'past_due',
        items: {
          ...subscription.items,
          data: [
            {
              ...item,
              current_period_start: start,
              current_period_end: addPeriod(start, item.price.recurring?.interval ?? 'month'),
            },
          ],
        },
      } as Stripe.Subscription;
      const invoice = invoiceFor(renewed, item.price.unit_amount ?? 0, 'subscription_cycle');
      renewed.latest_invoice = invoice.id;
      return save(renewed, { ...invoice, status: outcome === 'paid' ? 'paid' : 'open' } as Stripe.Invoice);
    },
    /** The period of a cancelling subscription ends (or it is canceled at once in the dashboard). */
    end(id: string) {
      const subscription = mustGet(id);
      return save({ ...subscription, status: 'canceled', ended_at: now() } as Stripe.Subscription);
    },
    /** Someone deletes the customer in the dashboard. */
    deleteCustomer(id: string) {
      customers.set(id, { id, object: 'customer', deleted: true } as unknown as Stripe.Customer);
    },
    reset() {
      for (const map of [customers, products, prices, subscriptions, invoices, order]) map.clear();
      prorations.length = 0;
    },
  };
}

export type BillingFake = ReturnType<typeof createBillingFake>;
