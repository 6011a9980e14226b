import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roomyRateLimits } from '../api/src/test/config';
import { defaultSettings } from '../desktop/src/common/ipc-schemas';
import { buildUser, nextTotpCode } from '../api/src/test/factories';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import {
  joinedVisitorChat,
  logInToConsole as logIn,
  type MainStandIn,
  openConsole as openConsolePage,
  useConsoleRenderer,
} from './support/desktop-console';
import { useSiteServer } from './support/server';
import { screenName, toast, visible } from './support/ui';

const ADMIN_TOKEN = 'desktop-console-admin-token-0123456789';
// The console page on its own origin, as app://console is to the server: first in line, so its origin is known.
const renderer = useConsoleRenderer();
const server = useSiteServer({
  adminToken: ADMIN_TOKEN,
  rateLimits: roomyRateLimits,
  // Read when the server starts, after the console page's server has its port.
  get desktopOrigins() {
    return [renderer.origin];
  },
});
const browser = useBrowser();

/** The console page in Chromium with the main-process stand-in, on the given server (null: first run). */
function openConsole(serverUrl: string | null): Promise<{ page: Page; main: MainStandIn }> {
  return openConsolePage(browser, renderer, serverUrl);
}

/** A logged-in staff console. */
async function staffConsole(): Promise<{ page: Page; main: MainStandIn }> {
  const staff = await buildUser(server.db, { accountType: 'staff', firstName: 'Alice' });
  const opened = await openConsole(server.url);
  await logIn(opened.page, staff.username, staff.password, staff.totpSecret);
  await visible(opened.page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
  // The list has loaded (earlier tests' conversations may be in it).
  await visible(
    opened.page.getByRole('list', { name: 'Conversations' }).or(opened.page.getByText('No conversations yet.')),
  );
  return opened;
}

describe('desktop console page (Chromium, main process stood in)', () => {
  it('asks for the server on first run, then for a staff login, and keeps the token out of the page', async () => {
    const staff = await buildUser(server.db, { accountType: 'staff' });
    const client = await buildUser(server.db, { accountType: 'client' });
    const { page, main } = await openConsole(null);
    await visible(page.getByRole('heading', { name: 'Connect to your server', level: 1 }));
    expect(await axeViolations(page)).toEqual([]);

    const address = page.getByLabel('Server address');
    await address.fill('ftp://files.example.com');
    await page.getByRole('button', { name: 'Connect' }).click();
    await visible(page.getByText('The address must start with https://'));
    await address.fill('http://intranet.example.com');
    await page.getByRole('button', { name: 'Connect' }).click();
    await visible(
      page.getByText('Use https:// for a server on another computer (http:// only works for this computer)'),
    );
    expect(main.tasks('setServer')).toEqual([]);

    await address.fill(`${server.url}/admin/chat`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await visible(page.getByRole('heading', { name: 'Staff Console', level: 1 }));
    expect(main.tasks('setServer')).toEqual([{ url: server.url }]);
    expect(await axeViolations(page)).toEqual([]);

    await logIn(page, client.username, client.password);
    await visible(toast(page, 'Login Failed'));
    await visible(page.getByText('The staff console is for staff accounts. Clients can use the website.'));
    await logIn(page, staff.username, 'wrong-password');
    await visible(page.getByText('Invalid username or password'));

    await logIn(page, staff.username, staff.password, staff.totpSecret);
    await visible(toast(page, 'Welcome Back'));
    await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
    await visible(page.getByText('No conversations yet.'));
    expect(await axeViolations(page)).toEqual([]);
    expect(main.token).toMatch(/\./);
    // The page holds no credential: no cookie, nothing stored, no token in its state.
    expect(await page.context().cookies()).toEqual([]);
    const pageState = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(pageState).not.toContain(main.token ?? '');
    // The client's refused login left no session behind.
    expect(await server.db('sessions').where({ userId: client.user.id })).toHaveLength(0);
  });

  it('notifies of new conversations and messages, opens the clicked one, and counts unread up and down', async () => {
    const { page, main } = await staffConsole();
    const ada = await joinedVisitorChat(server.url, 'Ada Visitor');

    const entry = page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Ada Visitor/ });
    await visible(entry);
    await expect
      .poll(() => main.notifications)
      .toEqual([{ title: 'Ada Visitor', body: 'Started a new conversation', conversationId: ada.id }]);

    ada.say('<b>Hello</b> & welcome?\nWe need 40 access points');
    // Plain text: the markup is escaped for Linux notification servers, newlines become spaces.
    await expect
      .poll(() => main.notifications.at(-1))
      .toEqual({
        title: 'Ada Visitor',
        body: '&lt;b&gt;Hello&lt;/b&gt; &amp; welcome? We need 40 access points',
        conversationId: ada.id,
      });
    await expect.poll(() => main.unread.at(-1)).toBe(1);
    await visible(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /Chat\s*1 unread/ }));

    // Clicking the notification opens that conversation; reading it brings the count down.
    await main.clickNotification(ada.id);
    const window = page.getByRole('region', { name: 'Conversation with Ada Visitor' });
    await visible(window.getByText('<b>Hello</b> & welcome?', { exact: false }));
    await expect.poll(() => main.tasks('conversationOpened').at(-1)).toEqual({ conversationId: ada.id });
    await expect.poll(() => main.unread.at(-1)).toBe(0);

    // In the background, the open conversation still notifies; in front, it does not.
    const before = main.notifications.length;
    main.focus(true);
    ada.say('Are you there?');
    await visible(window.getByText('Are you there?'));
    main.focus(false);
    ada.say('Hello again');
    await expect.poll(() => main.notifications.length).toBe(before + 1);
    expect(main.notifications.at(-1)).toMatchObject({ body: 'Hello again' });

    // A second visitor while the first is open: notified, counted, then read when opened.
    const grace = await joinedVisitorChat(server.url, 'Grace');
    grace.say('Quick question about pricing');
    await expect
      .poll(() => main.notifications.at(-1))
      .toMatchObject({ title: 'Grace', body: 'Quick question about pricing' });
    await expect.poll(() => main.unread.at(-1)).toBe(1);
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Grace/ }).click();
    await expect.poll(() => main.unread.at(-1)).toBe(0);

    // Closing tells main (no more reminders for it).
    await page
      .getByRole('region', { name: 'Conversation with Grace' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await expect.poll(() => main.tasks('conversationClosed')).toContainEqual({ conversationId: grace.id });
    ada.socket.close();
    grace.socket.close();
  });

  it('seeds from the Maintenance screen with the admin token while chat notifications carry on', async () => {
    const { page, main } = await staffConsole();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Maintenance' }).click();
    await visible(page.getByRole('heading', { name: 'Database Administration', level: 2 }));
    await expect.poll(() => main.tasks('conversationOpened').at(-1)).toEqual({ conversationId: null });

    await page.getByRole('button', { name: 'Seed Production Database' }).click();
    await visible(page.getByText('Please enter the admin token'));
    await page.getByLabel('Admin token').fill('not-the-token');
    await page.getByRole('button', { name: 'Seed Production Database' }).click();
    await visible(page.getByText('Invalid or missing admin token'));
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Seed Production Database' }).click();
    await visible(page.getByText('Success'));
    expect(Number(await page.getByText('Products inserted:').locator('strong').textContent())).toBeGreaterThan(0);

    // The chat is still connected behind this screen.
    const lin = await joinedVisitorChat(server.url, 'Lin');
    await expect.poll(() => main.notifications.at(-1)).toMatchObject({ title: 'Lin', conversationId: lin.id });
    await main.clickNotification(lin.id);
    await visible(page.getByRole('region', { name: 'Conversation with Lin' }));
    lin.socket.close();
  });

  it('shows when the server is unreachable and recovers; an ended session asks to log in again; logging out forgets it', async () => {
    const { page, main } = await staffConsole();
    browser.allowErrors(/net::ERR_CONNECTION_REFUSED|Failed to fetch/);

    // The server goes away.
    await page.route(`${server.url}/**`, (route) => route.abort('connectionrefused'));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Cannot reach the server', level: 1 }));
    // It comes back: the console reconnects by itself.
    await page.unroute(`${server.url}/**`);
    await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));

    // The session ends on the server (expired, or logged out elsewhere). Rows deleted by hand reach the server's
    // copies of the sessions through PostgreSQL's notice (decision 172), a moment later: the page is reloaded once the
    // server answers the console's token with 401, not before (under load the reload could beat the notice).
    const ended = main.token;
    const statusWith = async (token: string | null) =>
      (await fetch(`${server.url}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } })).status;
    expect(await statusWith(ended)).toBe(200);
    await server.db('sessions').whereNotNull('userId').delete();
    await expect.poll(() => statusWith(ended), { timeout: 15_000 }).toBe(401);
    await page.reload();
    await visible(page.getByText('Your session has ended. Please log in again.'));
    await expect.poll(() => main.tasks('logOut')).toEqual([{ expired: true }]);
    // The stand-in main process records the task before its log-out request to the server finishes.
    await expect.poll(() => main.token).toBeNull();

    const staff = await buildUser(server.db, { accountType: 'staff' });
    await logIn(page, staff.username, staff.password, staff.totpSecret);
    await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
    const token = main.token;
    await page.getByRole('button', { name: 'Log Out' }).click();
    await visible(toast(page, 'Logged Out'));
    await visible(page.getByRole('heading', { name: 'Staff Console', level: 1 }));
    expect(main.token).toBeNull();
    const stillValid = await fetch(`${server.url}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(stillValid.status).toBe(401);
  });

  it('keeps its settings in the main process', async () => {
    const { page, main } = await staffConsole();
    await page.getByRole('button', { name: 'Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification settings' });
    await dialog.getByRole('switch', { name: 'Do not disturb' }).check();
    await dialog.getByRole('switch', { name: 'Play a sound' }).uncheck();
    await dialog.getByRole('switch', { name: 'Open at login' }).check();
    await expect
      .poll(() => main.settings)
      .toEqual({ ...defaultSettings, sound: false, doNotDisturb: true, startAtLogin: true });
    await page.keyboard.press('Escape');
    await visible(page.getByRole('button', { name: 'Do not disturb' }));
    const quiet = await joinedVisitorChat(server.url, 'Quiet Visitor');
    await expect.poll(() => main.tasks('newConversation')).toHaveLength(1);
    expect(main.notifications).toEqual([]);
    quiet.socket.close();
  });

  it('sends an admin without two-factor sign-in to set it up first, then opens the console (decision 169)', async () => {
    const admin = await buildUser(server.db, { accountType: 'staff', twoFactor: false });
    const { page } = await openConsole(server.url);
    await logIn(page, admin.username, admin.password);
    await visible(page.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(new URL(page.url()).pathname).toBe('/account/two-factor');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('6-digit code').fill(await nextTotpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
    expect(new URL(page.url()).pathname).toBe('/admin/chat');
  });

  it('gives a role without chat the console without it: the dashboard and its screens, no chat screen (decision 167)', async () => {
    const packer = await buildUser(server.db, { accountType: 'staff', staffRole: 'fulfilment' });
    const { page } = await openConsole(server.url);
    await logIn(page, packer.username, packer.password);
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect((await nav.getByRole('link').allInnerTexts()).map(screenName)).toEqual(['Dashboard', 'Orders', 'Catalogue']);
    expect(await page.getByRole('heading', { name: 'Customer Chat' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Orders' }).click();
    await visible(page.getByRole('heading', { name: 'Orders', level: 1 }));
  });
});
