import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

const server = useSiteServer();
const browser = useBrowser();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations inside `selector` (the page must allow the injected script: bypassCSP). */
async function accessibilityViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(c: string): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run(context)).violations.map((v) => v.id);
  }, selector);
}

/** A browser profile logged in as a new account of this type (cookies set through the real login call). */
async function pageLoggedInAs(accountType: 'staff' | 'client'): Promise<Page> {
  const page = await browser.newPage({ bypassCSP: true });
  // Admins complete the second step of the login (decision 169).
  await loggedInAs(page, server, { accountType });
  return page;
}

async function openStaffConsole(): Promise<Page> {
  const page = await pageLoggedInAs('staff');
  await page.goto(`${server.url}/admin/chat`);
  await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
  return page;
}

function widget(page: Page) {
  return page.getByRole('region', { name: 'Live Chat' });
}

async function startChat(page: Page, name: string, email = ''): Promise<void> {
  await page.getByRole('button', { name: 'Open live chat' }).click();
  const panel = widget(page);
  await panel.getByLabel('Name').fill(name);
  if (email) await panel.getByLabel(/^Email/).fill(email);
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await visible(panel.getByRole('status').filter({ hasText: /^Connected$/ }));
}

async function say(page: Page, scope: ReturnType<Page['locator']>, text: string): Promise<void> {
  const input = scope.getByRole('textbox', { name: 'Message' });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.fill(text);
  await input.press('Enter');
}

describe('live chat in the browser', () => {
  it('loads no chat code and calls no chat API until the bubble is opened', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/login`);
    await visible(page.getByRole('button', { name: 'Open live chat' }));
    await page.waitForLoadState('networkidle');
    expect(
      requests.filter((path) => path.startsWith('/api/chat') || path.startsWith('/ws/') || path.includes('chat-panel')),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Open live chat' }).click();
    await visible(widget(page).getByRole('button', { name: 'Start Chat' }));
    expect(requests.some((path) => path.includes('chat-panel'))).toBe(true);
    // Spec §5: the name is required.
    await widget(page).getByRole('button', { name: 'Start Chat' }).click();
    await visible(toast(page, 'Name Required'));
    await visible(page.getByText('Please enter your name to start chatting'));
    expect(await server.db('chat_conversations').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('visitor and staff chat live, and staff closes the conversation', async () => {
    const staff = await openStaffConsole();
    await visible(staff.getByText('No conversations yet.'));

    const visitor = await browser.newPage({ bypassCSP: true });
    await visitor.goto(`${server.url}/login`);
    await startChat(visitor, 'Ada Lovelace', 'ada@example.com');
    const panel = widget(visitor);
    // Staff are online: no away notice.
    expect(await panel.getByText('Business hours').count()).toBe(0);

    // The new conversation appears in the console without a reload.
    const entry = staff.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Ada Lovelace/ });
    await visible(entry);
    await visible(entry.getByText('ada@example.com'));
    await visible(entry.getByText('Active'));
    await entry.click();
    const window = staff.getByRole('region', { name: 'Conversation with Ada Lovelace' });
    await visible(window.getByRole('status').filter({ hasText: /^Connected$/ }));

    await say(visitor, panel, 'Hello! Can you design our warehouse Wi-Fi? <b>asap</b>');
    await visible(panel.getByText('Hello! Can you design our warehouse Wi-Fi? <b>asap</b>'));
    // Shown as text on the staff side too: the markup is not interpreted.
    await visible(window.getByText('Hello! Can you design our warehouse Wi-Fi? <b>asap</b>'));

    await window.getByRole('textbox', { name: 'Message' }).fill('Of course. How large is the warehouse?');
    await window.getByRole('button', { name: 'Send' }).click();
    await visible(panel.getByText('Of course. How large is the warehouse?'));

    // Shift+Enter makes a new line instead of sending.
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('About 20,000 sq ft');
    await input.press('Shift+Enter');
    await input.pressSequentially('on two floors');
    await input.press('Enter');
    await visible(window.getByText(/About 20,000 sq ft\s+on two floors/));
    const stored = await server.db('chat_messages').orderBy('seq');
    expect(stored.map((m) => [m.senderType, m.message])).toEqual([
      ['visitor', 'Hello! Can you design our warehouse Wi-Fi? <b>asap</b>'],
      ['admin', 'Of course. How large is the warehouse?'],
      ['visitor', 'About 20,000 sq ft\non two floors'],
    ]);

    expect(await accessibilityViolations(visitor, 'section[aria-labelledby]')).toEqual([]);
    expect(await accessibilityViolations(staff, 'main')).toEqual([]);

    await window.getByRole('button', { name: 'Close', exact: true }).click();
    await visible(panel.getByText('This chat has been closed by our team. Thank you for reaching out!'));
    await visible(entry.getByText('Closed'));
    await visible(window.getByText('This conversation is closed.'));
    expect((await server.db('chat_conversations').first()).status).toBe('closed');
  });

  it('shows typing and read receipts both ways, and keeps conversations apart in the console', async () => {
    const staff = await openStaffConsole();
    const list = staff.getByRole('list', { name: 'Conversations' });
    const window = (name: string) => staff.getByRole('region', { name: `Conversation with ${name}` });

    const margaret = await browser.newPage();
    await margaret.goto(`${server.url}/login`);
    await startChat(margaret, 'Margaret');
    const margaretPanel = widget(margaret);
    await say(margaret, margaretPanel, 'Are you there?');
    const margaretEntry = list.getByRole('button', { name: /Margaret/ });
    await visible(margaretEntry.getByText('1 unread'));

    // Opening the conversation reads it.
    await margaretEntry.click();
    await visible(window('Margaret').getByText('Are you there?'));
    await expect.poll(() => margaretEntry.getByText(/unread/).count()).toBe(0);

    // Staff types, then answers: the visitor sees both, and reads the answer.
    const reply = window('Margaret').getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes');
    await visible(margaretPanel.getByText('Support is typing…'));
    await reply.fill('Yes, how can I help?');
    await reply.press('Enter');
    await visible(margaretPanel.getByText('Yes, how can I help?'));
    await expect.poll(() => margaretPanel.getByText('Support is typing…').count()).toBe(0);
    await visible(window('Margaret').getByText(/· Seen$/));

    // The visitor types: staff sees it.
    await margaretPanel.getByRole('textbox', { name: 'Message' }).fill('I need');
    await visible(window('Margaret').getByText('Margaret is typing…'));

    // A second visitor: the console switches to that conversation, and the first one counts what comes meanwhile.
    const katherine = await browser.newPage();
    await katherine.goto(`${server.url}/login`);
    await startChat(katherine, 'Katherine');
    await say(katherine, widget(katherine), 'Hello from Katherine');
    const katherineEntry = list.getByRole('button', { name: /Katherine/ });
    await visible(katherineEntry.getByText('1 unread'));
    await katherineEntry.click();
    await visible(window('Katherine').getByText('Hello from Katherine'));
    expect(await window('Katherine').getByText('Are you there?').count()).toBe(0);
    expect(
      await window('Katherine')
        .getByText(/is typing/)
        .count(),
    ).toBe(0);
    await expect.poll(() => katherineEntry.getByText(/unread/).count()).toBe(0);

    await say(margaret, margaretPanel, 'Still there?');
    await visible(margaretEntry.getByText('1 unread'));
    expect(await window('Katherine').getByText('Still there?').count()).toBe(0);

    // Back to the first conversation: its whole history, read again.
    await margaretEntry.click();
    await visible(window('Margaret').getByText('Still there?'));
    await visible(window('Margaret').getByText('Are you there?'));
    await visible(window('Margaret').getByText('Yes, how can I help?'));
    await expect.poll(() => margaretEntry.getByText(/unread/).count()).toBe(0);
  });

  it('shows away mode with business hours when no staff is connected, and takes an email', async () => {
    // The console of the previous test has just gone: wait until no instance counts it.
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.url}/api/chat/status`)).json()) as { staffOnline: boolean }).staffOnline,
      )
      .toBe(false);
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/signup`);
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    const panel = widget(visitor);
    await visible(panel.getByText('Business hours (Central Time)'));
    // The hours the team set (test databases are open around the clock: api/src/test/business-hours.ts).
    await visible(panel.getByText('Open 24 hours'));
    await visible(panel.getByText('24/7 emergency support for enterprise clients'));
    await panel.getByLabel('Name').fill('Grace Hopper');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await visible(panel.getByRole('status').filter({ hasText: /^Connected$/ }));

    // In the chat: still away, asking for an email; messages are stored all the same.
    await panel.getByLabel('Your email').fill('grace@example.com');
    await panel.getByRole('button', { name: 'Save email' }).click();
    await visible(panel.getByText("We'll reply to grace@example.com."));
    await say(visitor, panel, 'Please call me back about a firewall.');
    await visible(panel.getByText('Please call me back about a firewall.'));
    await expect
      .poll(
        async () =>
          (await server.db('chat_messages').where({ message: 'Please call me back about a firewall.' })).length,
      )
      .toBe(1);
    const conversation = await server.db('chat_conversations').where({ visitorName: 'Grace Hopper' }).first();
    expect(conversation.visitorEmail).toBe('grace@example.com');
  });

  it('keeps the conversation and its history across a reload, navigation and closing the widget', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/login`);
    await startChat(visitor, 'Linus');
    const panel = widget(visitor);
    await say(visitor, panel, 'First message');
    await visible(panel.getByText('First message'));
    await expect
      .poll(async () => (await server.db('chat_messages').where({ message: 'First message' })).length)
      .toBe(1);

    // A reload reopens the chat with its history.
    await visitor.reload();
    await visible(widget(visitor).getByText('First message'));
    await visible(
      widget(visitor)
        .getByRole('status')
        .filter({ hasText: /^Connected$/ }),
    );

    // Another page (client-side navigation keeps the chat), then closing and reopening it.
    await visitor.getByRole('link', { name: 'Sign up' }).click();
    await expectPath(visitor, '/signup');
    await visible(widget(visitor).getByText('First message'));
    await widget(visitor).getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => widget(visitor).count()).toBe(0);
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    await visible(widget(visitor).getByText('First message'));
    await say(visitor, widget(visitor), 'Second message');
    await visible(widget(visitor).getByText('Second message'));
    expect(await widget(visitor).getByText('First message').count()).toBe(1);
    expect(await server.db('chat_conversations').where({ visitorName: 'Linus' })).toHaveLength(1);
  });

  it('keeps /admin/chat for staff: logged out → /login, a client account → "Staff only"', async () => {
    const anonymous = await browser.newPage();
    await anonymous.goto(`${server.url}/admin/chat`);
    await expectPath(anonymous, '/login?next=%2Fadmin%2Fchat');

    const client = await pageLoggedInAs('client');
    await client.goto(`${server.url}/admin/chat`);
    await visible(client.getByRole('heading', { name: 'Staff only', level: 1 }));
    expect(await client.getByRole('heading', { name: 'Customer Chat' }).count()).toBe(0);
    // No chat bubble on staff pages.
    expect(await client.getByRole('button', { name: 'Open live chat' }).count()).toBe(0);
  });
});
