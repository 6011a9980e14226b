import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ASSIGNMENT_SETTINGS, type AssignmentSettings } from '@shared/schemas/assignment';
import { eventually, loginCookie, startVisitorChat, TestSocket } from '../../test/chat';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { useApiServers } from '../../test/servers';
import { buildTicket } from '../../test/ticket-factories';
import { assignmentPass } from './assigner';

/*
 * Automatic assignment on two real instances (decision 187): presence from real consoles, passes started by live
 * events, "assigned to you" to the assignee only, and two instances assigning a burst at once without giving an
 * item twice or anyone more than the capacity.
 */

const servers = useApiServers(2, {
  assignment: { sweepMs: 60_000 },
  configure: () => ({ rateLimits: roomyRateLimits }),
});
const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));
const NOWHERE = '00000000-0000-4000-8000-000000000000';

async function setting(change: Partial<AssignmentSettings>): Promise<void> {
  await servers
    .db('settings')
    .insert({ key: 'assignment', value: JSON.stringify({ ...DEFAULT_ASSIGNMENT_SETTINGS, ...change }) })
    .onConflict('key')
    .merge();
}

/** A staff member with a console open on `instance` (a socket listening to staff events). */
async function console(instance: number, role: 'support' | 'admin' | 'sales' = 'support') {
  const built = await buildUser(servers.db, { accountType: 'staff', staffRole: role });
  const cookie = await loginCookie(servers.url(instance), built);
  const socket = await TestSocket.open(servers.url(instance), { cookie });
  sockets.push(socket);
  socket.send({ type: 'staff_events' });
  // Frames are handled in order: once this answer is back, the subscription is in place.
  socket.send({ type: 'typing', conversationId: NOWHERE, isTyping: true });
  await socket.next('error', (frame) => frame.code === 'not_joined');
  return { user: built.user, cookie, socket };
}

async function closeEverything(): Promise<void> {
  await servers.db('chat_conversations').update({ status: 'closed', closedAt: new Date() });
  await servers.db('tickets').update({ status: 'completed' });
}

async function contactTicket(instance: number, cookie: string, n: number): Promise<void> {
  const res = await fetch(`${servers.url(instance)}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-Forwarded-For': `198.19.0.${n + 1}` },
    body: JSON.stringify({
      name: 'Burst Client',
      email: 'burst@example.com',
      service: 'General Inquiry',
      message: `Request ${n}`,
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`contact failed: ${res.status} ${await res.text()}`);
}

describe('automatic assignment across instances', () => {
  it('records who has a console open, per instance, and when they left', async () => {
    const desk = await console(1);
    await eventually(async () => {
      const rows = await servers.db('staff_presence').where({ userId: desk.user.id });
      return rows.length === 1 && rows[0].consoles === 1;
    });
    desk.socket.close();
    await eventually(async () => {
      const row = await servers.db('staff_presence').where({ userId: desk.user.id }).first();
      return row?.consoles === 0;
    });
  });

  it('gives a new chat to the online support member, who alone hears "assigned to you"', async () => {
    await closeEverything();
    await setting({});
    const a = await console(0);
    const b = await console(0);
    const chat = await startVisitorChat(servers.url(1), { visitorName: 'Live Visitor', visitorEmail: null });
    let assigneeId: string | null = null;
    await eventually(async () => {
      assigneeId = (await servers.db('chat_conversations').where({ id: chat.id }).first()).assigneeId;
      return assigneeId !== null;
    });
    const [mine, other] = assigneeId === a.user.id ? [a, b] : [b, a];
    const heard = await mine.socket.next('staff_event', (frame) => frame.event.kind === 'chat.assigned');
    expect(heard.event).toEqual({ kind: 'chat.assigned', id: chat.id, to: mine.user.id });
    // Both consoles are on one instance, which hands out events in order: the other would have it by now.
    expect(other.socket.pending('staff_event').filter((frame) => frame.event.kind === 'chat.assigned')).toEqual([]);

    // A ticket assigned by hand reaches its assignee live too (a completed one: no automatic pass takes it first).
    const ticket = await buildTicket(servers.db, null, { status: 'completed' });
    const admin = await buildUser(servers.db, { accountType: 'staff' });
    const adminCookie = await loginCookie(servers.url(1), admin);
    const res = await fetch(`${servers.url(1)}/api/admin/service-requests/${ticket.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: adminCookie },
      body: JSON.stringify({ assigneeId: other.user.id }),
    });
    expect(res.status).toBe(200);
    const told = await other.socket.next(
      'staff_event',
      (frame) => frame.event.kind === 'service_request.assigned' && frame.event.id === ticket.id,
    );
    expect(told.event.to).toBe(other.user.id);
    a.socket.close();
    b.socket.close();
  });

  it('a chat waiting while nobody is online is assigned as soon as someone opens a console', async () => {
    await closeEverything();
    await eventually(async () => (await servers.db('staff_presence').where('consoles', '>', 0)).length === 0);
    const chat = await startVisitorChat(servers.url(0), { visitorName: 'Early Bird', visitorEmail: null });
    expect((await servers.db('chat_conversations').where({ id: chat.id }).first()).assigneeId).toBeNull();
    const late = await console(1);
    await eventually(
      async () => (await servers.db('chat_conversations').where({ id: chat.id }).first()).assigneeId === late.user.id,
    );
    late.socket.close();
  });

  it('two instances assigning a burst at once: nobody over capacity, nothing given twice', async () => {
    await closeEverything();
    await eventually(async () => (await servers.db('staff_presence').where('consoles', '>', 0)).length === 0);
    const capacity = 2;
    await setting({ capacity });
    const staff = [await console(0), await console(1), await console(1, 'admin')];
    const client = await buildUser(servers.db, { email: 'burst@example.com' });
    const clientCookie = await loginCookie(servers.url(0), client);

    // 16 chats and tickets at once through both instances, with extra passes on both racing them.
    const arrivals: Promise<unknown>[] = [];
    for (let n = 0; n < 8; n += 1) {
      arrivals.push(startVisitorChat(servers.url(n % 2), { visitorName: `Burst ${n}`, visitorEmail: null }));
      arrivals.push(contactTicket(n % 2, clientCookie, n));
      arrivals.push(assignmentPass(servers.instance(n % 2).deps.db));
    }
    await Promise.all(arrivals);

    const ids = staff.map((member) => member.user.id);
    const load = async () => {
      const chats = await servers
        .db('chat_conversations')
        .where({ status: 'active' })
        .whereNotNull('assigneeId')
        .select('assigneeId');
      const tickets = await servers
        .db('tickets')
        .whereIn('status', ['pending', 'in_progress', 'waiting_on_client'])
        .whereNotNull('assigneeId')
        .select('assigneeId');
      return [...chats, ...tickets].map((row) => row.assigneeId as string);
    };
    await eventually(async () => (await load()).length === capacity * staff.length, 10_000);
    // One more pass on each instance at once changes nothing: everyone is full.
    const [first, second] = await Promise.all([
      assignmentPass(servers.instance(0).deps.db),
      assignmentPass(servers.instance(1).deps.db),
    ]);
    expect([...first.assigned, ...second.assigned]).toEqual([]);

    const held = await load();
    for (const id of ids) expect(held.filter((assignee) => assignee === id)).toHaveLength(capacity);
    // Each item was given once: one assignment record per item.
    const chatGrants = await servers
      .db('audit_log')
      .where({ action: 'chat.assigned', actorName: 'automatic assignment' })
      .select('recordId');
    const ticketGrants = await servers
      .db('ticket_events')
      .where({ kind: 'assignment', actorName: 'Automatic assignment' })
      .select('ticketId');
    const granted = [...chatGrants.map((row) => row.recordId), ...ticketGrants.map((row) => row.ticketId)];
    expect(new Set(granted).size).toBe(granted.length);
    // The rest waits unassigned.
    const waiting = await servers.db('chat_conversations').where({ status: 'active' }).whereNull('assigneeId');
    const waitingTickets = await servers.db('tickets').where({ status: 'pending' }).whereNull('assigneeId');
    expect(waiting.length + waitingTickets.length).toBe(16 - capacity * staff.length);
  });
});
