import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ASSIGNMENT_SETTINGS, type AssignmentSettings } from '@shared/schemas/assignment';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { buildTicket, callerOf, type Caller } from '../../test/ticket-factories';
import { assignmentPass } from './assigner';

/*
 * The automatic assignment's rules (decision 187), one pass at a time: presence is written as the chat's socket
 * registry writes it (staff_presence rows), the pass is run directly.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });

async function setting(change: Partial<AssignmentSettings>): Promise<void> {
  await t
    .db('settings')
    .insert({ key: 'assignment', value: JSON.stringify({ ...DEFAULT_ASSIGNMENT_SETTINGS, ...change }) })
    .onConflict('key')
    .merge();
}

async function staffMember(role: 'support' | 'admin' | 'sales' | 'fulfilment' = 'support', firstName?: string) {
  return (await buildUser(t.db, { accountType: 'staff', staffRole: role, ...(firstName ? { firstName } : {}) })).user;
}

async function online(userId: string, instanceId = 'instance-a'): Promise<void> {
  await t
    .db('staff_presence')
    .insert({ userId, instanceId, consoles: 1, seenAt: t.db.fn.now() })
    .onConflict(['userId', 'instanceId'])
    .merge();
}

async function offlineSince(userId: string, minutesAgo: number): Promise<void> {
  await t
    .db('staff_presence')
    .where({ userId })
    .update({ consoles: 0, seenAt: t.db.raw(`now() - interval '${minutesAgo} minutes'`) });
}

async function newChat(name = 'Visitor'): Promise<string> {
  const started = await t.agent().post('/api/chat/conversations').send({ visitorName: name }).expect(201);
  return started.body.id as string;
}

const chatAssignee = async (id: string) => (await t.db('chat_conversations').where({ id }).first()).assigneeId;
const ticketAssignee = async (id: string) => (await t.db('tickets').where({ id }).first()).assigneeId;

beforeEach(async () => {
  // Each test starts with nobody online and nothing waiting.
  await t.db('staff_presence').delete();
  await t.db('assignment_turns').delete();
  await t.db('chat_conversations').update({ status: 'closed', closedAt: new Date() });
  await t.db('tickets').update({ status: 'completed' });
  await setting({});
});

describe('automatic assignment', () => {
  it('gives a new chat and a new ticket to the online support or admin member with the fewest open items', async () => {
    const busy = await staffMember('support', 'Busy');
    const free = await staffMember('admin', 'Free');
    const sales = await staffMember('sales');
    const offline = await staffMember('support');
    for (const user of [busy, free, sales]) await online(user.id);
    expect(offline.id).toBeDefined();
    // Busy already holds a chat and a ticket.
    const held = await newChat();
    await t.db('chat_conversations').where({ id: held }).update({ assigneeId: busy.id });
    const heldTicket = await buildTicket(t.db, null);
    await t.db('tickets').where({ id: heldTicket.id }).update({ assigneeId: busy.id });

    const chat = await newChat();
    const result = await assignmentPass(t.db);
    expect(result.assigned).toEqual([{ kind: 'chat', id: chat, assigneeId: free.id }]);
    const ticket = await buildTicket(t.db, null);
    await assignmentPass(t.db);
    // Free now holds 1, Busy 2: Free again.
    expect(await ticketAssignee(ticket.id)).toBe(free.id);

    const events = await t.db('ticket_events').where({ ticketId: ticket.id });
    expect(events).toMatchObject([
      { kind: 'assignment', actorType: 'system', actorName: 'Automatic assignment', assigneeId: free.id },
    ]);
    const audit = await t.db('audit_log').where({ recordId: chat, action: 'chat.assigned' });
    expect(audit).toMatchObject([{ actorName: 'automatic assignment', actorRole: 'system' }]);
  });

  it('takes turns between people with equal loads (round robin), most urgent items first', async () => {
    const [a, b, c] = [await staffMember(), await staffMember(), await staffMember()];
    for (const user of [a, b, c]) await online(user.id);
    const low = await newChat('low');
    await t.db('chat_conversations').where({ id: low }).update({ priority: 'low' });
    const chats = [await newChat('1'), await newChat('2'), await newChat('3'), await newChat('4'), await newChat('5')];
    await t.db('chat_conversations').where({ id: chats[4] }).update({ priority: 'urgent' });
    const result = await assignmentPass(t.db);
    // Urgent first, the low one last.
    expect(result.assigned.map((item) => item.id)).toEqual([chats[4], chats[0], chats[1], chats[2], chats[3], low]);
    const order = result.assigned.map((item) => item.assigneeId);
    // Ids break the first tie; after that each gets one in turn.
    const sorted = [a.id, b.id, c.id].sort();
    expect(order).toEqual([...sorted, ...sorted]);

    // The next item goes to whoever has waited longest for one (all hold 2).
    const next = await newChat('next');
    await assignmentPass(t.db);
    expect(await chatAssignee(next)).toBe(sorted[0]);
  });

  it('never goes over capacity: the rest waits unassigned, and is assigned when someone drops below it', async () => {
    await setting({ capacity: 2 });
    const only = await staffMember();
    await online(only.id);
    const chats = [await newChat(), await newChat(), await newChat()];
    const first = await assignmentPass(t.db);
    expect(first.assigned.map((item) => item.id)).toEqual(chats.slice(0, 2));
    expect(await chatAssignee(chats[2]!)).toBeNull();
    // Nothing changes until the load drops.
    expect((await assignmentPass(t.db)).assigned).toEqual([]);
    await t.db('chat_conversations').where({ id: chats[0] }).update({ status: 'closed', closedAt: new Date() });
    const after = await assignmentPass(t.db);
    expect(after.assigned).toEqual([{ kind: 'chat', id: chats[2], assigneeId: only.id }]);
  });

  it('keeps items waiting while nobody is online, and drains the pool when someone comes online', async () => {
    const member = await staffMember();
    const chat = await newChat();
    const ticket = await buildTicket(t.db, null);
    expect((await assignmentPass(t.db)).assigned).toEqual([]);
    expect(await chatAssignee(chat)).toBeNull();
    await online(member.id);
    const drained = await assignmentPass(t.db);
    expect(drained.assigned.map((item) => item.id).sort()).toEqual([chat, ticket.id].sort());
  });

  it('gives nothing to staff who may not take both (sales, fulfilment) or who were deactivated', async () => {
    const sales = await staffMember('sales');
    const fulfilment = await staffMember('fulfilment');
    const gone = await staffMember('support');
    await t.db('users').where({ id: gone.id }).update({ deactivatedAt: new Date() });
    for (const user of [sales, fulfilment, gone]) await online(user.id);
    await newChat();
    expect((await assignmentPass(t.db)).assigned).toEqual([]);
  });

  it('with autoAssign off, waits for staff to pick items themselves', async () => {
    await setting({ autoAssign: false });
    const member = await staffMember();
    await online(member.id);
    const chat = await newChat();
    expect((await assignmentPass(t.db)).assigned).toEqual([]);
    expect(await chatAssignee(chat)).toBeNull();
  });

  it('an instance whose heartbeat stopped does not count as online', async () => {
    const member = await staffMember();
    await online(member.id);
    await t
      .db('staff_presence')
      .where({ userId: member.id })
      .update({ seenAt: t.db.raw(`now() - interval '10 minutes'`) });
    await newChat();
    expect((await assignmentPass(t.db)).assigned).toEqual([]);
  });

  it('staff offline past the grace lose their open chats to the pool but keep their tickets', async () => {
    const away = await staffMember('support', 'Away');
    const here = await staffMember('support', 'Here');
    await online(away.id);
    const chat = await newChat();
    const closed = await newChat();
    const ticket = await buildTicket(t.db, null);
    await assignmentPass(t.db);
    expect(await chatAssignee(chat)).toBe(away.id);
    expect(await chatAssignee(closed)).toBe(away.id);
    expect(await ticketAssignee(ticket.id)).toBe(away.id);
    await t.db('chat_conversations').where({ id: closed }).update({ status: 'closed', closedAt: new Date() });
    await t
      .db('chat_conversations')
      .where({ id: chat })
      .update({ assignedAt: t.db.raw(`now() - interval '1 hour'`) });

    // Offline for 3 minutes: still within the 5-minute grace.
    await offlineSince(away.id, 3);
    expect((await assignmentPass(t.db)).returned).toBe(0);
    expect(await chatAssignee(chat)).toBe(away.id);

    // Past the grace: the open chat returns to the pool and goes to who is online; the ticket and the closed chat stay.
    await offlineSince(away.id, 6);
    await online(here.id);
    const pass = await assignmentPass(t.db);
    expect(pass.returned).toBe(1);
    expect(pass.assigned).toEqual([{ kind: 'chat', id: chat, assigneeId: here.id }]);
    expect(await ticketAssignee(ticket.id)).toBe(away.id);
    expect(await chatAssignee(closed)).toBe(away.id);
    const audit = await t.db('audit_log').where({ recordId: chat }).orderBy('id');
    expect(audit.map((row) => row.action)).toEqual(['chat.assigned', 'chat.unassigned', 'chat.assigned']);
  });

  it('the grace counts from a later assignment: a chat just given to someone offline is not taken at once', async () => {
    const away = await staffMember();
    await online(away.id);
    await offlineSince(away.id, 60);
    const chat = await newChat();
    const admin: Caller = await callerOf(t, 'staff');
    await admin.agent.patch(`/api/admin/chat/conversations/${chat}`).send({ assigneeId: away.id }).expect(200);
    expect((await assignmentPass(t.db)).returned).toBe(0);
    expect(await chatAssignee(chat)).toBe(away.id);
  });
});
