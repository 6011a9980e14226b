import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildUser } from '../api/src/test/factories';
import { buildTicket } from '../api/src/test/ticket-factories';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '../shared/src/schemas/assignment';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

/*
 * Issue 26 in the console: Mine / Unassigned / All and the priority on the tickets list and the chat list, the chat
 * list's tabs, search and preview, and a new chat given automatically to the staff member whose console is open.
 */

const server = useSiteServer();
const browser = useBrowser();

async function startChat(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/chat/conversations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ visitorName: name }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const names = async (page: Page, list: string) =>
  (await page.getByRole('list', { name: list }).getByRole('button').allInnerTexts()).map((text) =>
    text.split('\n')[0]!.trim(),
  );

/** The list's entries (first line: the name, in any order), once they are what is expected. */
const shows = (page: Page, list: string, expected: string[]) =>
  expect.poll(async () => (await names(page, list)).sort()).toEqual([...expected].sort());

describe('assignment and priorities in the console', () => {
  it('tickets: Mine, Unassigned and All, the priority filter, and setting a priority', async () => {
    const page = await browser.newPage();
    const me = await loggedInAs(page, server, { accountType: 'staff', firstName: 'Morgan' });
    const colleague = await buildUser(server.db, { accountType: 'staff', staffRole: 'support', firstName: 'Casey' });
    const mine = await buildTicket(server.db, null, { name: 'Mine Ticket' });
    const open = await buildTicket(server.db, null, { name: 'Open Ticket' });
    const theirs = await buildTicket(server.db, null, { name: 'Their Ticket' });
    await server.db('tickets').where({ id: mine.id }).update({ assigneeId: me.user.id, priority: 'urgent' });
    await server.db('tickets').where({ id: theirs.id }).update({ assigneeId: colleague.user.id });

    await page.goto(`${server.url}/admin/service-requests`);
    const views = page.getByRole('group', { name: 'Whose requests' });
    const list = page.getByRole('list', { name: 'Service requests' });
    await visible(list.getByText('Their Ticket'));
    await views.getByRole('button', { name: 'Mine' }).click();
    await shows(page, 'Service requests', ['Mine Ticket']);
    await visible(list.getByText('Urgent'));
    await views.getByRole('button', { name: 'Unassigned' }).click();
    await shows(page, 'Service requests', ['Open Ticket']);
    await views.getByRole('button', { name: 'All' }).click();
    await expect
      .poll(async () => (await names(page, 'Service requests')).sort())
      .toEqual(['Mine Ticket', 'Open Ticket', 'Their Ticket']);
    await page.getByLabel('Priority').selectOption('urgent');
    await shows(page, 'Service requests', ['Mine Ticket']);
    await page.getByLabel('Priority').selectOption('');

    // The ticket page sets the priority; the timeline says so.
    await list.getByRole('button', { name: /Open Ticket/ }).click();
    const ticket = page.getByRole('article', { name: 'Service request from Open Ticket' });
    await ticket.getByLabel('Priority').selectOption('high');
    await visible(ticket.getByText(/set the priority to High/));
    expect((await server.db('tickets').where({ id: open.id }).first()).priority).toBe('high');
    await page.close();
  });

  it('chats: tabs, Mine / Unassigned / All, priority, search by message text, preview, assignment', async () => {
    const page = await browser.newPage();
    const me = await loggedInAs(page, server, { accountType: 'staff', firstName: 'Robin' });
    const mina = await startChat('Mina Mine');
    const una = await startChat('Una Waiting');
    const cleo = await startChat('Cleo Closed');
    // Given just now (the offline grace counts from then: Robin's console is not open yet).
    await server
      .db('chat_conversations')
      .where({ id: mina })
      .update({ assigneeId: me.user.id, assignedAt: new Date(), priority: 'high' });
    await server.db('chat_conversations').where({ id: cleo }).update({ status: 'closed', closedAt: new Date() });
    await server
      .db('chat_messages')
      .insert({ conversationId: una, senderType: 'visitor', message: 'My printer is on fire' });

    await page.goto(`${server.url}/admin/chat`);
    const list = page.getByRole('list', { name: 'Conversations' });
    await visible(list.getByRole('button', { name: /Cleo Closed/ }));
    // The last message as a preview, and the unread count.
    const waiting = list.getByRole('button', { name: /Una Waiting/ });
    await visible(waiting.getByText('My printer is on fire'));
    await visible(waiting.getByText('1 unread'));

    const views = page.getByRole('group', { name: 'Whose chats' });
    await views.getByRole('button', { name: 'Mine' }).click();
    await shows(page, 'Conversations', ['Mina Mine']);
    await views.getByRole('button', { name: 'Unassigned' }).click();
    await shows(page, 'Conversations', ['Cleo Closed', 'Una Waiting']);
    await page.getByRole('tab', { name: 'Open' }).click();
    await shows(page, 'Conversations', ['Una Waiting']);
    await page.getByRole('tab', { name: 'Closed' }).click();
    await shows(page, 'Conversations', ['Cleo Closed']);
    await page.getByRole('tab', { name: 'All' }).click();
    await views.getByRole('button', { name: 'All' }).click();
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('high');
    await shows(page, 'Conversations', ['Mina Mine']);
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('');
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await search.fill('printer is on');
    await search.press('Enter');
    await shows(page, 'Conversations', ['Una Waiting']);
    await search.fill('');
    await shows(page, 'Conversations', ['Cleo Closed', 'Mina Mine', 'Una Waiting']);

    // Taking a chat: it moves into Mine, live.
    await waiting.click();
    const triage = page.getByLabel('Chat priority and assignee');
    await triage.getByLabel('Assignee').selectOption(me.user.id);
    await expect
      .poll(async () => (await server.db('chat_conversations').where({ id: una }).first()).assigneeId)
      .toBe(me.user.id);
    await views.getByRole('button', { name: 'Mine' }).click();
    await shows(page, 'Conversations', ['Mina Mine', 'Una Waiting']);
    await page.close();
  });

  it('gives a new chat to the staff member whose console is open, into their Mine view', async () => {
    await server
      .db('settings')
      .insert({ key: 'assignment', value: JSON.stringify(DEFAULT_ASSIGNMENT_SETTINGS) })
      .onConflict('key')
      .merge();
    await server.db('chat_conversations').update({ status: 'closed', closedAt: new Date() });
    await server.db('tickets').update({ status: 'completed' });
    const page = await browser.newPage();
    const me = await loggedInAs(page, server, { accountType: 'staff', staffRole: 'support', firstName: 'Sky' });
    await page.goto(`${server.url}/admin/chat`);
    await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
    await page.getByRole('group', { name: 'Whose chats' }).getByRole('button', { name: 'Mine' }).click();
    // Only this console is open now (the earlier tests' pages are closed).
    await expect
      .poll(async () => (await server.db('staff_presence').where('consoles', '>', 0)).map((row) => row.userId))
      .toEqual([me.user.id]);
    const id = await startChat('Newcomer');
    await shows(page, 'Conversations', ['Newcomer']);
    expect((await server.db('chat_conversations').where({ id }).first()).assigneeId).toBe(me.user.id);
  });
});
