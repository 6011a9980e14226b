import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { limitInOneWindow } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { reportStaffConnections } from './storage/presence';

const CHAT_START_LIMIT = defaultRateLimits.chatStartPerIp.limit;
// The real limit, counted in a window the test does not cross.
const t = setupTestApp({ trustProxy: true, rateLimits: { chatStartPerIp: limitInOneWindow(CHAT_START_LIMIT) } });

let address = 0;
/** Each visitor from its own address, so the per-IP start limit stays out of the way. */
function visitor() {
  address += 1;
  const agent = t.agent();
  const ip = `203.0.113.${address % 250}`;
  const start = (body: unknown) =>
    agent
      .post('/api/chat/conversations')
      .set('X-Forwarded-For', ip)
      .send(body as object);
  return { agent, start };
}

async function staffAgent() {
  const agent = t.agent();
  await logIn(agent, await buildUser(t.db, { accountType: 'staff' }));
  return agent;
}

async function addMessage(conversationId: string, senderType: 'visitor' | 'admin', message: string, isRead = false) {
  await t.db('chat_messages').insert({ conversationId, senderType, message, isRead });
  await t.db('chat_conversations').where({ id: conversationId }).update({ lastMessageAt: t.db.fn.now() });
}

describe('POST /api/chat/conversations', () => {
  it('starts a conversation bound to the visitor session', async () => {
    const { agent, start } = visitor();
    const res = await start({ visitorName: '  Ada  ', visitorEmail: 'ADA@Example.com' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    const row = await t.db('chat_conversations').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ visitorName: 'Ada', visitorEmail: 'ada@example.com', status: 'active', userId: null });
    const session = await t.db('sessions').whereRaw("sess->>'visitorId' = ?", [row.visitorId]).first();
    expect(session).toBeDefined();
    // The same browser may read it back.
    expect((await agent.get(`/api/chat/conversations/${res.body.id}`)).status).toBe(200);
    // A second chat from the same session keeps the visitor id.
    const second = await start({ visitorName: 'Ada', visitorEmail: null });
    const secondRow = await t.db('chat_conversations').where({ id: second.body.id }).first();
    expect(secondRow.visitorId).toBe(row.visitorId);
  });

  it('binds the conversation to the account when logged in, and keeps it across login', async () => {
    const built = await buildUser(t.db);
    const { agent, start } = visitor();
    const before = await start({ visitorName: 'Before Login', visitorEmail: null });
    await logIn(agent, built);
    // Login regenerates the session id but keeps the visitor id.
    expect((await agent.get(`/api/chat/conversations/${before.body.id}`)).status).toBe(200);
    const after = await start({ visitorName: 'After Login', visitorEmail: null });
    const row = await t.db('chat_conversations').where({ id: after.body.id }).first();
    expect(row.userId).toBe(built.user.id);
  });

  it.each([
    [{}, 'visitorName: Invalid input: expected string, received undefined'],
    [{ visitorName: '   ', visitorEmail: null }, 'visitorName: Please enter your name to start chatting'],
    [{ visitorName: 'Ada', visitorEmail: 'not-an-email' }, 'visitorEmail: Invalid email address'],
    [{ visitorName: 'x'.repeat(101) }, 'visitorName: Name must be at most 100 characters'],
    [{ visitorName: 'Ada\u0000' }, 'visitorName: contains invalid characters'],
    [{ visitorName: 42 }, 'visitorName: Invalid input: expected string, received number'],
    [{ visitorName: 'Ada', status: 'closed' }, 'Unrecognized key: "status"'],
    [{ visitorName: 'y'.repeat(90_000) }, 'visitorName: Name must be at most 100 characters'],
  ])('rejects %j with 400 and stores nothing', async (body, message) => {
    const before = await t.db('chat_conversations').count({ n: '*' }).first();
    const res = await visitor().start(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.db('chat_conversations').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses non-JSON and malformed bodies', async () => {
    const plain = await t.request().post('/api/chat/conversations').set('Content-Type', 'text/plain').send('name=Ada');
    expect(plain.status).toBe(415);
    const broken = await t
      .request()
      .post('/api/chat/conversations')
      .set('Content-Type', 'application/json')
      .send('{"visitorName":');
    expect(broken.status).toBe(400);
  });

  it('stores HTML and unicode as text', async () => {
    const res = await visitor().start({ visitorName: '<b>Zoë</b> 🙂 <script>x</script>' });
    expect(res.status).toBe(201);
    const row = await t.db('chat_conversations').where({ id: res.body.id }).first();
    expect(row.visitorName).toBe('<b>Zoë</b> 🙂 <script>x</script>');
  });

  it('limits how many chats one network starts per hour', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < CHAT_START_LIMIT; i += 1) {
      const res = await t
        .request()
        .post('/api/chat/conversations')
        .set('X-Forwarded-For', ip)
        .send({ visitorName: `Visitor ${i}` });
      expect(res.status).toBe(201);
    }
    const blocked = await t
      .request()
      .post('/api/chat/conversations')
      .set('X-Forwarded-For', ip)
      .send({ visitorName: 'One too many' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many chats/);
  });

  it('refuses a cross-site request', async () => {
    const res = await t
      .request()
      .post('/api/chat/conversations')
      .set('Origin', 'https://evil.example')
      .send({ visitorName: 'Mallory' });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/chat/conversations (staff list)', () => {
  it('is for staff only', async () => {
    expect((await t.request().get('/api/chat/conversations')).status).toBe(401);
    const client = t.agent();
    await logIn(client, await buildUser(t.db));
    const res = await client.get('/api/chat/conversations');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Staff only' });
  });

  it('lists newest activity first with email, status, last message time and unread count', async () => {
    const older = await visitor().start({ visitorName: 'Older', visitorEmail: 'older@example.com' });
    const newer = await visitor().start({ visitorName: 'Newer', visitorEmail: null });
    await addMessage(older.body.id, 'visitor', 'first', true);
    await addMessage(older.body.id, 'visitor', 'second');
    await addMessage(older.body.id, 'admin', 'reply');
    await addMessage(older.body.id, 'visitor', 'third');
    const staff = await staffAgent();
    const res = await staff.get('/api/chat/conversations');
    expect(res.status).toBe(200);
    const ids = res.body.map((c: { id: string }) => c.id);
    expect(ids.indexOf(older.body.id)).toBeLessThan(ids.indexOf(newer.body.id));
    const listed = res.body.find((c: { id: string }) => c.id === older.body.id);
    expect(listed).toMatchObject({
      visitorName: 'Older',
      visitorEmail: 'older@example.com',
      status: 'active',
      unreadCount: 2,
      closedAt: null,
    });
    expect(new Date(listed.lastMessageAt).getTime()).toBeGreaterThan(0);
    expect(res.body.find((c: { id: string }) => c.id === newer.body.id)).toMatchObject({
      visitorEmail: null,
      unreadCount: 0,
      lastMessageAt: null,
    });
  });

  it('pages with a cursor and filters by status', async () => {
    for (let i = 0; i < 3; i += 1) await visitor().start({ visitorName: `Paged ${i}` });
    const staff = await staffAgent();
    const all = (await staff.get('/api/chat/conversations?limit=200')).body as { id: string }[];
    const first = await staff.get('/api/chat/conversations?limit=2');
    expect(first.body).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toMatch(/^\d+\.[0-9a-f-]{36}$/);
    const second = await staff.get(`/api/chat/conversations?limit=2&before=${cursor}`);
    expect([...first.body, ...second.body].map((c: { id: string }) => c.id)).toEqual(all.slice(0, 4).map((c) => c.id));
    const closedId = all[0]!.id;
    expect((await staff.patch(`/api/chat/conversations/${closedId}/close`)).status).toBe(200);
    const active = (await staff.get('/api/chat/conversations?status=active&limit=200')).body as { id: string }[];
    expect(active.map((c) => c.id)).not.toContain(closedId);
  });

  it.each([
    'limit=0',
    'limit=201',
    'limit=abc',
    'status=open',
    'before=123',
    `before=1.${'g'.repeat(36)}`,
    'sort=name',
  ])('rejects the query %s with 400', async (query) => {
    const staff = await staffAgent();
    const res = await staff.get(`/api/chat/conversations?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('one conversation', () => {
  it('shows a visitor only their own conversation, and staff any', async () => {
    const own = visitor();
    const { body } = await own.start({ visitorName: 'Owner' });
    expect((await own.agent.get(`/api/chat/conversations/${body.id}`)).body).toMatchObject({
      id: body.id,
      visitorName: 'Owner',
      status: 'active',
    });
    const stranger = visitor();
    await stranger.start({ visitorName: 'Stranger' });
    const refused = await stranger.agent.get(`/api/chat/conversations/${body.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Conversation not found' });
    expect((await t.request().get(`/api/chat/conversations/${body.id}`)).status).toBe(404);
    expect((await (await staffAgent()).get(`/api/chat/conversations/${body.id}`)).status).toBe(200);
    expect((await own.agent.get('/api/chat/conversations/not-a-uuid')).status).toBe(404);
  });

  it('lets the visitor leave an email for a reply', async () => {
    const own = visitor();
    const { body } = await own.start({ visitorName: 'Later' });
    const res = await own.agent.patch(`/api/chat/conversations/${body.id}`).send({ visitorEmail: 'later@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ visitorEmail: 'later@example.com' });
    const bad = await own.agent.patch(`/api/chat/conversations/${body.id}`).send({ visitorEmail: 'nope' });
    expect(bad.status).toBe(400);
    const other = visitor();
    await other.start({ visitorName: 'Other' });
    const refused = await other.agent
      .patch(`/api/chat/conversations/${body.id}`)
      .send({ visitorEmail: 'x@example.com' });
    expect(refused.status).toBe(404);
    const row = await t.db('chat_conversations').where({ id: body.id }).first();
    expect(row.visitorEmail).toBe('later@example.com');
  });
});

describe('PATCH /api/chat/conversations/{id}/close', () => {
  it('is for staff only', async () => {
    const { body } = await visitor().start({ visitorName: 'Close me' });
    expect((await t.request().patch(`/api/chat/conversations/${body.id}/close`)).status).toBe(401);
    const client = t.agent();
    await logIn(client, await buildUser(t.db));
    expect((await client.patch(`/api/chat/conversations/${body.id}/close`)).status).toBe(403);
    const row = await t.db('chat_conversations').where({ id: body.id }).first();
    expect(row.status).toBe('active');
  });

  it('closes once; closing again changes nothing; unknown ids are 404', async () => {
    const { body } = await visitor().start({ visitorName: 'Close me' });
    const staff = await staffAgent();
    const first = await staff.patch(`/api/chat/conversations/${body.id}/close`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: body.id, status: 'closed' });
    const closedAt = first.body.closedAt;
    expect(closedAt).toEqual(expect.any(String));
    const again = await staff.patch(`/api/chat/conversations/${body.id}/close`);
    expect(again.body.closedAt).toBe(closedAt);
    expect((await staff.patch(`/api/chat/conversations/${randomUUID()}/close`)).status).toBe(404);
    expect((await staff.patch('/api/chat/conversations/nope/close')).status).toBe(404);
  });
});

describe('GET /api/chat/status', () => {
  it('says whether a staff console is connected on any instance', async () => {
    const read = async () => (await t.request().get('/api/chat/status')).body;
    expect(await read()).toEqual({ staffOnline: false });
    await reportStaffConnections(t.db, 'another-instance', 1);
    expect(await read()).toEqual({ staffOnline: true });
    // An instance that stopped refreshing its heartbeat no longer counts.
    await t.db('chat_presence').update({ heartbeatAt: t.db.raw("now() - interval '5 minutes'") });
    expect(await read()).toEqual({ staffOnline: false });
  });
});
