import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { hydrated, visible } from './support/ui';

const server = useSiteServer();
const browser = useBrowser();

async function openStaffConsole(): Promise<Page> {
  const page = await browser.newPage();
  // An admin: loggedInAs completes the second step of the login (decision 169).
  await loggedInAs(page, server, { accountType: 'staff' });
  await page.goto(`${server.url}/admin/chat`);
  await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
  return page;
}

const widget = (page: Page) => page.getByRole('region', { name: 'Live Chat' });
const bubble = (page: Page) => page.getByRole('button', { name: /^Open live chat/ });
const badge = (page: Page) => page.getByTestId('chat-unread-badge');

async function staffSays(window: ReturnType<Page['locator']>, text: string): Promise<void> {
  const input = window.getByRole('textbox', { name: 'Message' });
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.fill(text);
  await window.getByRole('button', { name: 'Send' }).click();
}

describe('the closed chat bubble', () => {
  it('opens no socket on a page for a visitor who has no conversation', async () => {
    const page = await browser.newPage();
    const sockets: string[] = [];
    const scripts: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/services`);
    await hydrated(bubble(page));
    await page.waitForLoadState('networkidle');
    // Give an idle callback its chance.
    await page.waitForTimeout(1500);
    expect(sockets).toEqual([]);
    expect(scripts.filter((path) => path.includes('unread-watch') || path.startsWith('/api/chat'))).toEqual([]);
  });

  it('counts staff replies on any page while closed, and opening the chat clears it', async () => {
    const staff = await openStaffConsole();
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/login`);
    await hydrated(bubble(visitor)).then((b) => b.click());
    await widget(visitor).getByLabel('Name').fill('Grace Hopper');
    await widget(visitor).getByRole('button', { name: 'Start Chat' }).click();
    await visible(
      widget(visitor)
        .getByRole('status')
        .filter({ hasText: /^Connected$/ }),
    );
    const input = widget(visitor).getByRole('textbox', { name: 'Message' });
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('Do you install access points?');
    await input.press('Enter');
    await expect.poll(async () => (await server.db('chat_messages').where({ senderType: 'visitor' })).length).toBe(1);

    // The visitor closes the chat and goes on to another page (a full page load).
    await widget(visitor).getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => widget(visitor).count()).toBe(0);
    await visitor.goto(`${server.url}/services`);
    await hydrated(bubble(visitor));
    expect(await badge(visitor).count()).toBe(0);

    const entry = staff.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Grace Hopper/ });
    await visible(entry);
    await entry.click();
    const window = staff.getByRole('region', { name: 'Conversation with Grace Hopper' });
    await visible(window.getByText('Do you install access points?'));

    await staffSays(window, 'Yes, we do. How many floors?');
    await visible(badge(visitor).filter({ hasText: /^1$/ }));
    await visible(visitor.getByRole('button', { name: 'Open live chat, 1 unread message from support' }));

    await staffSays(window, 'We can send an engineer this week.');
    await visible(badge(visitor).filter({ hasText: /^2$/ }));
    await visible(visitor.getByRole('button', { name: 'Open live chat, 2 unread messages from support' }));
    // The badge sits on the bubble, inside the screen, at a phone's width too.
    await visitor.setViewportSize({ width: 390, height: 844 });
    const box = await badge(visitor).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await visitor.setViewportSize({ width: 1280, height: 800 });

    // Opening the chat shows the replies and clears the badge; they are read.
    await bubble(visitor).click();
    await visible(widget(visitor).getByText('We can send an engineer this week.'));
    await expect.poll(() => badge(visitor).count()).toBe(0);
    await expect
      .poll(async () => (await server.db('chat_messages').where({ senderType: 'admin', isRead: false })).length)
      .toBe(0);

    // Closed again: nothing unread, no badge; the next reply counts from one.
    await widget(visitor).getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => widget(visitor).count()).toBe(0);
    await visible(visitor.getByRole('button', { name: 'Open live chat', exact: true }));
    await staffSays(window, 'Are you still there?');
    await visible(badge(visitor).filter({ hasText: /^1$/ }));
    // Unread replies are still emailed later: the badge sent no read receipt.
    expect(await server.db('chat_messages').where({ senderType: 'admin', isRead: false })).toHaveLength(1);
  });
});
