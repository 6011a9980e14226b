import { buildProduct, demoCards, validShipping } from './commerce-factories';
import { buildUser, logIn, uniqueName } from './factories';
import type { TestApp } from './test-app';

type Lines = { price: string; quantity: number; name?: string }[];

export interface TestClient {
  agent: ReturnType<TestApp['agent']>;
  user: { id: string; email: string | null; username: string };
}

export interface ClientWithOrder extends TestClient {
  orderId: string;
  clientSecret: string;
}

/** A logged-in client with an email address. */
export async function loggedInClient(t: Pick<TestApp, 'agent' | 'db'>): Promise<TestClient> {
  const built = await buildUser(t.db, { email: `${uniqueName('buyer')}@example.com` });
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, user: built.user };
}

/** A pending order of `client`'s, through the real checkout (demo provider), of new products at these prices. */
export async function pendingOrderOf(
  t: Pick<TestApp, 'db'>,
  client: TestClient,
  lines: Lines = [{ price: '100.00', quantity: 1 }],
): Promise<ClientWithOrder> {
  const products = await Promise.all(
    lines.map((line) => buildProduct(t.db, { price: line.price, ...(line.name ? { name: line.name } : {}) })),
  );
  const res = await client.agent.post('/api/create-payment-intent').send({
    items: products.map((product, index) => ({ id: product.id, quantity: lines[index]!.quantity })),
    shipping: validShipping,
  });
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...client, orderId: res.body.order.id, clientSecret: res.body.clientSecret };
}

/** A new logged-in client and a pending order of theirs. */
export async function clientWithPendingOrder(
  t: Pick<TestApp, 'agent' | 'db'>,
  lines?: Lines,
): Promise<ClientWithOrder> {
  return pendingOrderOf(t, await loggedInClient(t), lines);
}

/** Pays a pending order with the demo provider's always-succeeding card, as the buyer's browser does. */
export async function payWithDemoCard(order: ClientWithOrder): Promise<void> {
  const res = await order.agent
    .post('/api/demo-payments/confirm')
    .send({ clientSecret: order.clientSecret, card: demoCards.succeeds });
  if (res.status !== 200) throw new Error(`demo confirmation answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** A new client and a paid order of theirs. */
export async function clientWithPaidOrder(t: Pick<TestApp, 'agent' | 'db'>, lines?: Lines): Promise<ClientWithOrder> {
  const order = await clientWithPendingOrder(t, lines);
  await payWithDemoCard(order);
  return order;
}
