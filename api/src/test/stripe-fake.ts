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
  reset(): void;
}

export function startStripeFake(): Promise<StripeFake & { close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
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
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.fake');
      const key = req.headers['idempotency-key'] as string | undefined;
      const params = decodeForm(req.method === 'GET' ? url.search.slice(1) : body);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, params });
      const answer =
        req.headers.authorization === `Bearer ${FAKE_STRIPE_KEYS.secretKey}`
          ? handle(req.method ?? 'GET', url.pathname, key, params)
          : stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
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
        settle(id, status, failureMessage = 'Your card was declined.') {
          const intent = intents.get(id);
          if (!intent) throw new Error(`no intent ${id}`);
          const settled = {
            ...intent,
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
