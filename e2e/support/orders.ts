import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoCards, validShipping } from '../../api/src/test/commerce-factories';
import type { BuiltUser } from '../../api/src/test/factories';

/**
 * The client logs in and pays for `items` through the API from their page's
 * browser context (as another tab of theirs would), with the demo provider:
 * the order is paid on the server when this returns, and the page carries
 * the client's session.
 */
export async function clientPaysThroughApi(
  client: Page,
  serverUrl: string,
  buyer: BuiltUser,
  items: { id: string; quantity: number }[],
): Promise<{ id: string; number: string }> {
  const headers = { Origin: serverUrl };
  const login = await client.request.post(`${serverUrl}/api/login`, {
    data: { username: buyer.username, password: buyer.password },
    headers,
  });
  expect(login.status()).toBe(200);
  const checkout = await client.request.post(`${serverUrl}/api/create-payment-intent`, {
    data: { items, shipping: validShipping },
    headers,
  });
  expect(checkout.status()).toBe(201);
  const { clientSecret, order } = (await checkout.json()) as {
    clientSecret: string;
    order: { id: string; number: string };
  };
  const paid = await client.request.post(`${serverUrl}/api/demo-payments/confirm`, {
    data: { clientSecret, card: demoCards.succeeds },
    headers,
  });
  expect(paid.status()).toBe(200);
  return order;
}
