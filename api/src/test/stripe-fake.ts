import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestApp } from './test-app';
import { createBillingFake, stripeError, type BillingFake } from './stripe-fake-billing';

/**
 * A local fake of the part of Stripe's HTTP API the application calls, so the
 * real `stripe` SDK is exercised end to end (form encoding, idempotency keys,
 * errors, retries) without the network. Also builds signed webhook requests.
 */

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_fake_0123456789abcdefghij',
  publishableKey: 'pk_test_fake_0123456789abcdefghij',
  webhookSecret: 'whsec_fake_0123456789abcdefghijklmnop',
} as const;

type Params = Record<string, unknown>;

interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Params;
}

type FakePaymentIntent = Stripe.PaymentIntent;

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
  livemode: false;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failure_reason: string | null;
  created: number;
}

/** An event the fake sends to the application's webhook, as Stripe would. */
export interface FakeEvent {
  type: string;
  object: unknown;
}

export interface FakeWebhooks {
  /** Sends one event (e.g. with postSignedEvent); the fake awaits it. */
  deliver: (event: FakeEvent) => Promise<unknown>;
  /**
   * `before-answer`: the events an API call causes are delivered before the
   * call is answered (Stripe gives no ordering guarantee; this is the hard
   * case). `after-answer`: just after it.
   */
  timing: 'before-answer' | 'after-answer';
  /** Deliver every event this many times (Stripe may send one twice). */
  times?: number;
}

/** Decodes Stripe's form encoding (`metadata[order_id]=…`, `a[b][c]=…`) into nested objects. */
function decodeForm(body: string): Params {
  const result: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Params;
    });
  }
  return result;
}

export interface StripeFake {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly intents: Map<string, FakePaymentIntent>;
  /** Customers, products, prices, subscriptions and invoices, with helpers to move them on as Stripe would. */
  readonly billing: BillingFake;
  /** The next `count` API calls answer with this status and a Stripe error body. */
  failNext(count: number, status: number, message?: string): void;
  /** Marks an intent succeeded or failed, as Stripe would after confirmation, and returns it. */
  settle(id: string, status: 'succeeded' | 'failed', failureMessage?: string): FakePaymentIntent;
  readonly refunds: Map<string, FakeRefund>;
  /** The status new refunds get (Stripe answers card refunds `succeeded`, some methods `pending`). */
  refundStatus: FakeRefund['status'];
  /** Where and when the fake sends the webhook events its API calls cause; null: it sends none. */
  webhooks: FakeWebhooks | null;
  /** Events sent so far, in order. */
  readonly sentEvents: FakeEvent[];
  /** Resolves once every event sent after an answer has been delivered. */
  delivered(): Promise<void>;
  /** Moves a refund on as Stripe would (refund.updated, and refund.failed when it failed), sending the events. */
  updateRefund(id: string, status: FakeRefund['status'], failureReason?: string): Promise<FakeRefund>;
  reset(): void;
}

export function startStripeFake(): Promise<StripeFake & { close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const sentEvents: FakeEvent[] = [];
  const deliveries = new Set<Promise<void>>();
  /** Events caused by the request being handled. */
  let caused: FakeEvent[] = [];
  const settings = {
    refundStatus: 'succeeded' as FakeRefund['status'],
    webhooks: null as FakeWebhooks | null,
  };

  const send = async (events: FakeEvent[]) => {
    const hooks = settings.webhooks;
    if (!hooks) return;
    for (const event of events) {
      for (let i = 0; i < (hooks.times ?? 1); i += 1) {
        sentEvents.push(event);
        await hooks.deliver(event);
      }
    }
  };

  const createRefund = (params: Params) => {
    const intentId = params.payment_intent as string | undefined;
    const charge = intentId
      ? [...charges.values()].find((c) => c.payment_intent === intentId)
      : charges.get(String(params.charge));
    if (!charge) {
      return stripeError(
        400,
        'invalid_request_error',
        intentId && intents.has(intentId)
          ? 'This PaymentIntent does not have a successful charge to refund.'
          : `No such payment_intent: '${intentId ?? params.charge}'`,
      );
    }
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, 'invalid_request_error', 'Invalid positive integer');
    }
    if (left === 0) {
      return stripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`);
    }
    if (amount > left) {
      const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${usd(amount)}) is greater than unrefunded amount on charge (${usd(left)})`,
      );
    }
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      metadata: (params.metadata as Record<string, string>) ?? {},
      reason: (params.reason as string) ?? null,
      status: settings.refundStatus,
      failure_reason: null,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    if (refund.status !== 'failed' && refund.status !== 'canceled') {
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
    }
    // Like Stripe today: charge.refunded carries the charge without its refunds (they are listed on request).
    caused.push({ type: 'refund.created', object: { ...refund } }, { type: 'charge.refunded', object: { ...charge } });
    return { status: 200, body: refund };
  };
  const idempotent = new Map<string, { params: string; response: unknown }>();
  let failures: { count: number; status: number; message: string } | null = null;

  const billing = createBillingFake();

  const route = (method: string, path: string, params: Params) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd');
      }
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(params.currency),
        description: (params.description as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        automatic_payment_methods: params.automatic_payment_methods ?? null,
        receipt_email: (params.receipt_email as string) ?? null,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      } as unknown as FakePaymentIntent;
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, 'invalid_request_error', 'No such payment_intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...refunds.values()]
        .filter((r) => !params.charge || r.charge === params.charge)
        .filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent)
        .sort((a, b) => b.created - a.created);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const refund = refunds.get(refundPath[1]!);
      return refund ? { status: 200, body: refund } : stripeError(404, 'invalid_request_error', 'No such refund');
    }
    return (
      billing.handle(method, path, params) ??
      stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)
    );
  };

  /** Failure injection, then Stripe's idempotency: a key replays its first answer, only for the same request. */
  const handle = (method: string, path: string, key: string | undefined, params: Params) => {
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return stripeError(failures.status, 'api_error', failures.message);
    }
    const request = JSON.stringify([method, path, params]);
    const previous = key && method === 'POST' ? idempotent.get(key) : undefined;
    if (previous) {
      if (previous.params !== request) {
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { status: 200, body: previous.response };
    }
    const answer = route(method, path, params);
    if (key && method === 'POST' && answer.status === 200) {
      idempotent.set(key, { params: request, response: answer.body });
    }
    return answer;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stripe.fake');
      const key = req.headers['idempotency-key'] as string | undefined;
      const params = decodeForm(req.method === 'GET' ? url.search.slice(1) : body);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, params });
      caused = [];
      const answer =
        req.headers.authorization === `Bearer ${FAKE_STRIPE_KEYS.secretKey}`
          ? handle(req.method ?? 'GET', url.pathname, key, params)
          : stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      const events = caused;
      caused = [];
      if (settings.webhooks?.timing === 'before-answer') await send(events);
      else if (events.length > 0) {
        const delivery: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => send(events))
          .finally(() => deliveries.delete(delivery));
        deliveries.add(delivery);
      }
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(answer.body));
    });
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        intents,
        billing,
        failNext(count, status, message = 'An unexpected error occurred.') {
          failures = { count, status, message };
        },
        refunds,
        get refundStatus() {
          return settings.refundStatus;
        },
        set refundStatus(status) {
          settings.refundStatus = status;
        },
        get webhooks() {
          return settings.webhooks;
        },
        set webhooks(hooks) {
          settings.webhooks = hooks;
        },
        sentEvents,
        async delivered() {
          while (deliveries.size > 0) await Promise.all([...deliveries]);
        },
        async updateRefund(id, status, failureReason) {
          const refund = refunds.get(id);
          if (!refund) throw new Error(`no refund ${id}`);
          const charge = charges.get(refund.charge)!;
          const counted = (s: FakeRefund['status']) => s !== 'failed' && s !== 'canceled';
          if (counted(refund.status) && !counted(status)) charge.amount_refunded -= refund.amount;
          if (!counted(refund.status) && counted(status)) charge.amount_refunded += refund.amount;
          charge.refunded = charge.amount_refunded === charge.amount;
          Object.assign(refund, { status, failure_reason: status === 'failed' ? (failureReason ?? 'unknown') : null });
          await send([
            { type: 'refund.updated', object: { ...refund } },
            ...(status === 'failed' ? [{ type: 'refund.failed', object: { ...refund } }] : []),
          ]);
          return refund;
        },
        settle(id, status, failureMessage = 'Your card was declined.') {
          const intent = intents.get(id);
          if (!intent) throw new Error(`no intent ${id}`);
          let latestCharge: string | null = null;
          if (status === 'succeeded') {
            const charge: FakeCharge = {
              id: `ch_${randomBytes(12).toString('hex')}`,
              object: 'charge',
              amount: intent.amount,
              amount_refunded: 0,
              refunded: false,
              currency: intent.currency,
              payment_intent: intent.id,
              metadata: { ...intent.metadata },
              status: 'succeeded',
              created: Math.floor(Date.now() / 1000),
              livemode: false,
            };
            charges.set(charge.id, charge);
            latestCharge = charge.id;
          }
          const settled = {
            ...intent,
            latest_charge: latestCharge,
            status: status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
            amount_received: status === 'succeeded' ? intent.amount : 0,
            last_payment_error:
              status === 'failed' ? { type: 'card_error', code: 'card_declined', message: failureMessage } : null,
          } as FakePaymentIntent;
          intents.set(id, settled);
          return settled;
        },
        reset() {
          requests.length = 0;
          intents.clear();
          charges.clear();
          refunds.clear();
          sentEvents.length = 0;
          settings.refundStatus = 'succeeded';
          settings.webhooks = null;
          idempotent.clear();
          billing.reset();
          failures = null;
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

const signer = new Stripe(FAKE_STRIPE_KEYS.secretKey);

/** Any JSON body, signed as Stripe signs webhook deliveries (with our webhook secret unless told otherwise). */
export function signedPayload(body: unknown, secret: string = FAKE_STRIPE_KEYS.webhookSecret) {
  const payload = JSON.stringify(body);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** The envelope of a Stripe event about `object`, as Stripe sends it. */
export function eventEnvelope(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** A Stripe event as Stripe would POST it, with a valid (or deliberately forged) signature. */
export function signedEvent(
  type: string,
  object: unknown,
  options: { id?: string; secret?: string; created?: number } = {},
): { payload: string; signature: string; id: string } {
  const envelope = eventEnvelope(type, object, options);
  return { ...signedPayload(envelope, options.secret), id: envelope.id };
}

/** POSTs a signed event to the app's webhook endpoint, as Stripe delivers it. */
export function postSignedEvent(t: Pick<TestApp, 'request'>, event: { payload: string; signature: string }) {
  return t
    .request()
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', event.signature)
    .send(event.payload);
}
