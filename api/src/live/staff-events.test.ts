import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import type { StaffEvent } from '@shared/schemas/staff-events';
import { buildProduct, demoCards, validShipping } from '../test/commerce-factories';
import { roomyRateLimits } from '../test/config';
import { buildUser } from '../test/factories';
import { loginCookie, startVisitorChat, TestSocket, useChatServers } from '../test/chat';
import { publish } from './publish';

// Two instances on one database: what one instance commits, staff consoles on the other hear.
const servers = useChatServers(2, {}, { rateLimits: roomyRateLimits });

const NOWHERE = '00000000-0000-4000-8000-000000000000';
const forwardedFor = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

async function call(instance: number, method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${servers.url(instance)}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'X-Forwarded-For': forwardedFor(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** A staff console's socket on `instance`, asking for staff events. */
async function staffConsole(instance: number): Promise<TestSocket> {
  const cookie = await loginCookie(servers.url(instance), await buildUser(servers.db, { accountType: 'staff' }));
  const socket = await TestSocket.open(servers.url(instance), { cookie });
  socket.send({ type: 'staff_events' });
  // The subscription is in place once a frame sent after it is answered (a socket's frames are handled in order).
  socket.send({ type: 'typing', conversationId: NOWHERE, isTyping: true });
  await socket.next('error', (frame) => frame.code === 'not_joined');
  return socket;
}

/** A client with a pending order on instance 0: its id, the payment's secret and the client's cookie. */
async function pendingOrder() {
  const buyer = await buildUser(servers.db);
  const cookie = await loginCookie(servers.url(0), buyer);
  const product = await buildProduct(servers.db, { price: '40.00' });
  const res = await call(0, 'POST', '/api/create-payment-intent', cookie, {
    items: [{ id: product.id, quantity: 2 }],
    shipping: validShipping,
  });
  expect(res.status).toBe(201);
  const order = res.body!.order as { id: string };
  return { orderId: order.id, clientSecret: res.body!.clientSecret as string, cookie };
}

const eventsOf = (socket: TestSocket, kind: StaffEvent['kind']) =>
  socket.pending('staff_event').filter((frame) => frame.event.kind === kind);

describe('staff events reach staff consoles on every instance', () => {
  it('order.paid: a demo payment settled on instance 0 reaches a console on instance 1, once, after commit', async () => {
    const onOther = await staffConsole(1);
    const onSame = await staffConsole(0);
    const { orderId, clientSecret, cookie } = await pendingOrder();

    const declined = await call(0, 'POST', '/api/demo-payments/confirm', cookie, {
      clientSecret,
      card: demoCards.declined,
    });
    expect(declined.status).toBe(402);
    const paid = await call(0, 'POST', '/api/demo-payments/confirm', cookie, {
      clientSecret,
      card: demoCards.succeeds,
    });
    expect(paid.status).toBe(200);

    for (const socket of [onOther, onSame]) {
      expect(await socket.next('staff_event', (frame) => frame.event.kind === 'order.paid')).toEqual({
        type: 'staff_event',
        event: { kind: 'order.paid', id: orderId },
      });
    }
    // The declined attempt announced nothing, and the paid one only once.
    await publish(servers.db, 'staff', { kind: 'product.updated', id: 'after-payment' });
    await onOther.next('staff_event', (frame) => frame.event.id === 'after-payment');
    expect(eventsOf(onOther, 'order.paid')).toEqual([]);
    onOther.close();
    onSame.close();
  });

  it('a change rolled back announces nothing', async () => {
    const socket = await staffConsole(1);
    await servers.db
      .transaction(async (trx) => {
        await publish(trx, 'staff', { kind: 'order.updated', id: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await publish(servers.db, 'staff', { kind: 'order.updated', id: 'committed' });
    await socket.next('staff_event', (frame) => frame.event.id === 'committed');
    expect(socket.pending('staff_event').map((frame) => frame.event.id)).not.toContain('rolled-back');
    socket.close();
  });

  it('enquiry.created and service_request.created: a client’s contact form on instance 0', async () => {
    const socket = await staffConsole(1);
    const client = await buildUser(servers.db);
    const cookie = await loginCookie(servers.url(0), client);
    const res = await call(0, 'POST', '/api/contact', cookie, {
      name: 'Priya Raman',
      email: 'priya@example.com',
      service: 'Ekahau Partner Services',
      message: 'We need two switches replaced before Friday, please.',
    });
    expect(res.status).toBe(201);
    const enquiry = await servers.db('enquiries').where({ email: 'priya@example.com' }).first();
    const request = await servers.db('tickets').where({ userId: client.user.id }).first();
    expect(await socket.next('staff_event', (frame) => frame.event.kind === 'enquiry.created')).toMatchObject({
      event: { id: enquiry.id },
    });
    expect(await socket.next('staff_event', (frame) => frame.event.kind === 'service_request.created')).toMatchObject({
      event: { id: request.id },
    });
    socket.close();
  });

  it('product.updated: staff creating and editing a product on instance 0; a refused edit announces nothing', async () => {
    const socket = await staffConsole(1);
    const cookie = await loginCookie(servers.url(0), await buildUser(servers.db, { accountType: 'staff' }));
    const created = await call(0, 'POST', '/api/admin/products', cookie, {
      name: `Event Switch ${randomInt(1e9)}`,
      category: 'Networking',
      description: 'A switch.',
      price: '99.00',
    });
    expect(created.status).toBe(201);
    const id = created.body!.id as string;
    expect(await socket.next('staff_event', (frame) => frame.event.kind === 'product.updated')).toEqual({
      type: 'staff_event',
      event: { kind: 'product.updated', id },
    });
    const refused = await call(0, 'PATCH', `/api/admin/products/${id}`, cookie, { price: 'free' });
    expect(refused.status).toBe(400);
    const edited = await call(0, 'PATCH', `/api/admin/products/${id}`, cookie, { inStock: false });
    expect(edited.status).toBe(200);
    await socket.next('staff_event', (frame) => frame.event.kind === 'product.updated' && frame.event.id === id);
    // One event per change that was made: the refused one sent none.
    expect(eventsOf(socket, 'product.updated')).toEqual([]);
    socket.close();
  });

  it('chat.updated: a visitor starting a chat on instance 0', async () => {
    const socket = await staffConsole(1);
    const chat = await startVisitorChat(servers.url(0));
    await socket.next('staff_event', (frame) => frame.event.kind === 'chat.updated' && frame.event.id === chat.id);
    socket.close();
  });

  it('is for staff: a client asking for staff events is told so and disconnected (4403), a visitor 4401', async () => {
    const client = await buildUser(servers.db);
    const clientSocket = await TestSocket.open(servers.url(1), {
      cookie: await loginCookie(servers.url(1), client),
    });
    clientSocket.send({ type: 'staff_events' });
    expect(await clientSocket.next('error')).toMatchObject({ code: 'forbidden' });
    expect((await clientSocket.closed).code).toBe(CHAT_CLOSE.forbidden);

    const visitor = await startVisitorChat(servers.url(0));
    const visitorSocket = await TestSocket.open(servers.url(0), { cookie: visitor.cookie });
    visitorSocket.send({ type: 'staff_events' });
    expect(await visitorSocket.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await visitorSocket.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('is for staff: anonymous 401, a client 403', async () => {
    expect((await call(0, 'GET', '/api/admin/dashboard', '')).status).toBe(401);
    const client = await buildUser(servers.db);
    const cookie = await loginCookie(servers.url(0), client);
    const res = await call(0, 'GET', '/api/admin/dashboard', cookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('counts paid orders, waiting chats, new enquiries and pending requests nobody is assigned to', async () => {
    const staff = await buildUser(servers.db, { accountType: 'staff' });
    const cookie = await loginCookie(servers.url(1), staff);
    const before = (await call(1, 'GET', '/api/admin/dashboard', cookie)).body!;

    const { clientSecret, cookie: buyer } = await pendingOrder();
    await call(0, 'POST', '/api/demo-payments/confirm', buyer, { clientSecret, card: demoCards.succeeds });
    const chat = await startVisitorChat(servers.url(0));
    const visitor = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    await visitor.join(chat.id);
    visitor.send({ type: 'message', conversationId: chat.id, message: 'Anyone there?', senderType: 'visitor' });
    await visitor.next('ack');
    visitor.close();
    const enquiry = { email: 'e@example.com', service: 'Other', message: 'An enquiry' };
    await servers.db('enquiries').insert([
      { ...enquiry, name: 'New' },
      // Still new two days later: nobody has answered it.
      { ...enquiry, name: 'Old but new', createdAt: servers.db.raw(`now() - interval '2 days'`) },
      // Answered or closed today: not new, however recent.
      { ...enquiry, name: 'Replied', status: 'replied' },
      { ...enquiry, name: 'Closed', status: 'closed' },
      // A new quote request counts as a new enquiry, and on its own card.
      { ...enquiry, name: 'Quote please', kind: 'quote_request' },
      { ...enquiry, name: 'Quote answered', kind: 'quote_request', status: 'replied' },
    ]);
    const client = await buildUser(servers.db);
    const request = { userId: client.user.id, name: 'A', email: 'a@example.com', service: 'Other', message: 'm' };
    await servers.db('tickets').insert([
      { ...request, status: 'pending' },
      // Somebody is on it already, or it is done.
      { ...request, status: 'pending', assigneeId: staff.user.id },
      { ...request, status: 'completed' },
    ]);

    const after = await call(1, 'GET', '/api/admin/dashboard', cookie);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      ordersToFulfil: (before.ordersToFulfil as number) + 1,
      waitingChats: (before.waitingChats as number) + 1,
      newEnquiries: (before.newEnquiries as number) + 3,
      newQuoteRequests: (before.newQuoteRequests as number) + 1,
      newServiceRequests: (before.newServiceRequests as number) + 1,
      // Nothing here is near its service-level targets (decision 192).
      ticketsAtRisk: before.ticketsAtRisk,
      ticketsBreached: before.ticketsBreached,
      chatsAtRisk: before.chatsAtRisk,
      chatsBreached: before.chatsBreached,
    });
  });
});
