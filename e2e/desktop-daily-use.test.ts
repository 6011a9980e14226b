import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import {
  joinedVisitorChat,
  logInToConsole,
  type MainStandIn,
  openConsole,
  useConsoleRenderer,
} from './support/desktop-console';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

// The console page on its own origin, as app://console is to the server: first in line, so its origin is known.
const renderer = useConsoleRenderer();
const server = useSiteServer({
  rateLimits: roomyRateLimits,
  get desktopOrigins() {
    return [renderer.origin];
  },
});
const browser = useBrowser();

/** A logged-in staff console page with the main-process stand-in. */
async function staffConsole(): Promise<{ page: Page; main: MainStandIn; staffId: string }> {
  const staff = await buildUser(server.db, { accountType: 'staff', firstName: 'Grace' });
  const { page, main } = await openConsole(browser, renderer, server.url);
  await logInToConsole(page, staff.username, staff.password, staff.totpSecret);
  await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
  await visible(page.getByRole('list', { name: 'Conversations' }).or(page.getByText('No conversations yet.')));
  return { page, main, staffId: staff.user.id };
}

const disconnectedBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Disconnected from' });

describe('desktop console in daily use (Chromium, main process stood in)', () => {
  it('shows a banner while cut off and, once back, notifies what arrived meanwhile in one summary', async () => {
    const { page, main } = await staffConsole();
    const before = main.notifications.length;

    await main.disconnect();
    await visible(disconnectedBanner(page));
    expect(await axeViolations(page)).toEqual([]);

    // While the console is cut off: a new conversation with three messages.
    const bob = await joinedVisitorChat(server.url, 'Bob Offline');
    bob.say('Hello?');
    bob.say('Anyone there?');
    await bob.socket.next('ack');
    await bob.socket.next('ack');
    expect(main.notifications.length).toBe(before);

    main.reconnect();
    await expect.poll(() => disconnectedBanner(page).count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => main.notifications.length, { timeout: 15_000 }).toBe(before + 1);
    const [summary] = main.notifications.slice(before);
    expect(summary).toMatchObject({ title: 'While you were disconnected', conversationId: null });
    expect(summary?.body).toContain('1 new conversation');
    expect(summary?.body).toMatch(/\d+ new messages?/);
    // The conversation is there, and nothing more was raised for it one by one.
    await visible(page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Bob Offline/ }));
    expect(main.notifications.length).toBe(before + 1);
    bob.socket.close();
  });

  it('stops reminding of conversations closed while cut off', async () => {
    const { page, main } = await staffConsole();
    const cleo = await joinedVisitorChat(server.url, 'Cleo Closes');
    await visible(page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Cleo Closes/ }));
    expect(main.attention.waitingCount).toBeGreaterThan(0);

    await main.disconnect();
    await visible(disconnectedBanner(page));
    await server.db('chat_conversations').where({ id: cleo.id }).update({ status: 'closed' });
    main.reconnect();
    await expect.poll(() => disconnectedBanner(page).count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => main.tasks('catchUp').length, { timeout: 15_000 }).toBe(1);
    const [catchUp] = main.tasks('catchUp') as { openConversationIds: string[] }[];
    expect(catchUp?.openConversationIds).not.toContain(cleo.id);
    // No reminder is due for Cleo any more, whatever the time.
    expect(main.attention.tick(Date.now() + 10 * 60_000)?.body ?? '').not.toContain('Cleo');
    cleo.socket.close();
  });

  it('brings back the login screen without a reload when the session ends, with one notification', async () => {
    const { page, main, staffId } = await staffConsole();
    const notificationsBefore = main.notifications.length;
    // The session ends on the server (expired, logged out elsewhere): its sockets are closed with 4401.
    await server.db('sessions').where({ userId: staffId }).delete();

    await visible(page.getByRole('heading', { name: 'Staff Console', level: 1 }));
    await visible(page.getByRole('alert').filter({ hasText: 'You are signed out.' }));
    expect(main.tasks('logOut')).toEqual([{ expired: true }]);
    expect(main.unread.at(-1)).toBe(0);
    expect(main.notifications.slice(notificationsBefore)).toEqual([
      expect.objectContaining({ title: 'Signed out of the staff console', conversationId: null }),
    ]);
    expect(await axeViolations(page)).toEqual([]);
    // Same page: no reload happened.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  it('marks messages read only while the window has the focus', async () => {
    const { page, main } = await staffConsole();
    const dana = await joinedVisitorChat(server.url, 'Dana Focus');
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Dana Focus/ })
      .click();
    await visible(page.getByRole('textbox', { name: 'Message' }));

    // The window stays visible but another app has the focus.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hasFocus', { configurable: true, value: () => false });
    });
    const readsBefore = main.sentFrames.filter((frame) => frame.type === 'read').length;
    dana.say('Are you reading this?');
    await visible(page.getByText('Are you reading this?'));
    // Let any read receipt the page would send arrive (it must not).
    await page.waitForTimeout(500);
    expect(main.sentFrames.filter((frame) => frame.type === 'read').length).toBe(readsBefore);

    // Staff come back to the window: now it is read.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hasFocus', { configurable: true, value: () => true });
      window.dispatchEvent(new Event('focus'));
    });
    await expect
      .poll(() => main.sentFrames.filter((frame) => frame.type === 'read').length)
      .toBeGreaterThan(readsBefore);
    dana.socket.close();
  });

  it('moves between conversations and into the reply box from the menu shortcuts', async () => {
    const { page, main } = await staffConsole();
    const eve = await joinedVisitorChat(server.url, 'Eve Shortcut');
    const list = page.getByRole('list', { name: 'Conversations' });
    await visible(list.getByRole('button', { name: /Eve Shortcut/ }));

    // The newest conversation is first: "next" from none opens it.
    await main.shortcut('next-conversation');
    await expect.poll(() => main.tasks('conversationOpened').at(-1)).toEqual({ conversationId: eve.id });
    await main.shortcut('focus-reply');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-chat-composer]') !== null))
      .toBe(true);
    eve.socket.close();
  });

  it('offers the downloaded update and restarts only when asked', async () => {
    const { page, main } = await staffConsole();
    await main.announceUpdate('1.4.0');
    const banner = page.getByRole('status').filter({ hasText: 'Version 1.4.0 of the console is ready' });
    await visible(banner);
    expect(main.installs).toBe(0);
    await banner.getByRole('button', { name: 'Restart now' }).click();
    await expect.poll(() => main.installs).toBe(1);
  });
});
