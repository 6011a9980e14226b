import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildProduct, demoCards, validShipping } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { publish } from '../api/src/live/publish';
import { buildUser } from '../api/src/test/factories';
import { startConversation } from '../api/src/modules/chat/storage/conversations';
import { refreshChatClock } from '../api/src/modules/service-levels/clocks';
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
import { expectPath, visible } from './support/ui';

// The console page on its own origin, as app://console is to the server: first in line, so its origin is known.
const renderer = useConsoleRenderer();
// The demo payment provider (no Stripe keys): a client pays for real through the API.
const server = useSiteServer({
  rateLimits: roomyRateLimits,
  get desktopOrigins() {
    return [renderer.origin];
  },
});
const browser = useBrowser();

/** A logged-in desktop console page with the main-process stand-in, at `width` pixels. */
async function staffConsole(width = 1280): Promise<{ page: Page; main: MainStandIn }> {
  const staff = await buildUser(server.db, { accountType: 'staff', firstName: 'Hedy' });
  const { page, main } = await openConsole(browser, renderer, server.url, { width, height: 860 });
  await logInToConsole(page, staff.username, staff.password, staff.totpSecret);
  await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
  // The staff events socket is open (the dashboard's counts are asked for once it is).
  await expect.poll(() => main.sentFrames.some((frame) => frame.type === 'staff_events')).toBe(true);
  return { page, main };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

/** Follows a console navigation link; in a narrow window the navigation is folded behind the Menu button first. */
async function goTo(page: Page, link: string): Promise<void> {
  const toggle = page.getByRole('button', { name: /\(open the menu\)$/ });
  if (await toggle.isVisible()) await toggle.click();
  await nav(page).getByRole('link', { name: link }).click();
}

async function post(path: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A client logged in on the website (another device): their session cookie. */
async function clientSession(firstName: string): Promise<string> {
  const client = await buildUser(server.db, {
    firstName,
    email: `${firstName.toLowerCase()}.${randomUUID()}@example.com`,
  });
  const login = await post('/api/login', { username: client.username, password: client.password });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A client buys on the website and pays (the demo provider): the order is paid on the server. */
async function clientPaysAnOrder(firstName = 'Ada'): Promise<{ id: string; number: string; product: string }> {
  const cookie = await clientSession(firstName);
  const product = await buildProduct(server.db, { price: '120.00', imageUrl: '/products/switch.svg' });
  const checkout = await post(
    '/api/create-payment-intent',
    { items: [{ id: product.id, quantity: 2 }], shipping: validShipping },
    cookie,
  );
  expect(checkout.status).toBe(201);
  const { clientSecret, order } = (await checkout.json()) as {
    clientSecret: string;
    order: { id: string; number: string };
  };
  const paid = await post('/api/demo-payments/confirm', { clientSecret, card: demoCards.succeeds }, cookie);
  expect(paid.status).toBe(200);
  return { ...order, product: product.name };
}

/** Someone sends the website's contact form. */
async function contactEnquiry(name: string): Promise<string> {
  const res = await post('/api/contact', {
    name,
    email: 'enquirer@example.com',
    phone: '',
    company: '',
    service: 'Field IT Services',
    message: 'Can you rack two switches on Friday?',
  });
  expect(res.status).toBe(201);
  const row = await server.db('enquiries').where({ name }).first<{ id: string }>('id');
  return row.id;
}

describe('the web console’s screens in the desktop console (Chromium, main process stood in)', () => {
  it('a client pays: a "new paid order" notification, whose click opens that order (invoice included); the badge counts it', async () => {
    const { page, main } = await staffConsole();
    // Nothing needs attention on this server yet (the first test of the file).
    await expect.poll(() => main.unread.at(-1)).toBe(0);
    const before = main.notifications.length;
    const order = await clientPaysAnOrder();

    await expect
      .poll(() => main.notifications.slice(before), { timeout: 15_000 })
      .toEqual([
        {
          title: 'New paid order',
          // The order number, the customer and the total, as staff read them.
          body: expect.stringMatching(new RegExp(`^${order.number} · Ada · \\$\\d+\\.\\d{2}$`)),
          conversationId: null,
          path: `/admin/orders/${order.id}`,
        },
      ]);
    const [notification] = main.notifications.slice(before);
    // What needs attention now: the paid order to fulfil (badge, tray and title).
    await expect.poll(() => main.unread.at(-1)).toBe(1);

    await main.clickItemNotification(notification?.path ?? '');
    await expectPath(page, `/admin/orders/${order.id}`);
    await visible(page.getByRole('heading', { name: `Order ${order.number}`, level: 1 }));
    // Leaving the chat screen: no conversation is open any more.
    await expect.poll(() => main.tasks('conversationOpened').at(-1)).toEqual({ conversationId: null });

    // The invoice link (a plain link to the API on the web) downloads the PDF with the desktop's session.
    const invoiceLink = page.getByRole('link', { name: /^Download invoice .+ \(PDF\)$/ });
    await visible(invoiceLink);
    const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectPath(page, `/admin/orders/${order.id}`);
  });

  it('a new contact enquiry: a notification naming who and what, whose click opens the enquiry', async () => {
    const { page, main } = await staffConsole();
    const before = main.notifications.length;
    const id = await contactEnquiry('Priya Raman');

    await expect
      .poll(() => main.notifications.slice(before), { timeout: 15_000 })
      .toEqual([
        {
          title: 'New enquiry',
          body: 'Priya Raman · Field IT Services',
          conversationId: null,
          path: `/admin/enquiries?id=${id}`,
        },
      ]);
    await main.clickItemNotification(`/admin/enquiries?id=${id}`);
    await visible(page.getByRole('heading', { name: 'Enquiries', level: 1 }));
    const enquiry = page.getByRole('article', { name: 'Enquiry from Priya Raman' });
    await visible(enquiry.getByText('Can you rack two switches on Friday?'));
    expect(await axeViolations(page)).toEqual([]);

    // Heard again while it is on screen in the focused window: the page says so, and nothing is raised.
    main.focus(true);
    await publish(server.db, 'staff', { kind: 'enquiry.created', id });
    await expect
      .poll(() => main.tasks('itemAlert'))
      .toContainEqual(expect.objectContaining({ kind: 'enquiry.created', id, onScreen: true }));
    expect(main.notifications.slice(before)).toHaveLength(1);
  });

  it.each([1280, 720])(
    'renders every console screen from the navigation at %i px, chat notifying throughout',
    async (width) => {
      const { page, main } = await staffConsole(width);
      const order = await clientPaysAnOrder(`Buyer${width}`);
      const screens: [string, string][] = [
        ['Dashboard', 'Dashboard'],
        ['Orders', 'Orders'],
        ['Customers', 'Customers'],
        ['Catalogue', 'Catalogue'],
        ['Enquiries', 'Enquiries'],
        ['Service requests', 'Service Requests'],
        ['Reports', 'Reports'],
        ['Outbox', 'Outbox'],
        ['Audit log', 'Audit log'],
        ['Canned replies', 'Canned replies'],
        ['Business hours', 'Business hours'],
        ['Support settings', 'Support settings'],
        ['Service levels', 'Service levels'],
      ];
      for (const [link, heading] of screens) {
        await goTo(page, link);
        await visible(page.getByRole('heading', { name: heading, level: 1 }));
        expect(await axeViolations(page), `${link} at ${width}px`).toEqual([]);
      }
      // The audit log's export (a plain link to the API on the web) downloads with the desktop's session.
      await goTo(page, 'Audit log');
      const exportLink = page.getByRole('link', { name: 'Export CSV' });
      const [csv] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
      expect(csv.suggestedFilename()).toBe('audit-log.csv');
      expect((await readFile(await csv.path(), 'utf8')).split('\r\n')[0]).toBe(
        'id,at,actor_id,actor_name,actor_role,ip,action,record_type,record_id,before,after',
      );
      // Product pictures come from the server (the page is not on it), under the console's CSP.
      await goTo(page, 'Catalogue');
      const picture = page.getByRole('row').filter({ hasText: order.product }).locator('img');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await picture.getAttribute('src')).toBe(`${server.url}/products/switch.svg`);
      // The dashboard's live count and the orders list come from the server with the desktop's session.
      await goTo(page, 'Orders');
      await page.getByRole('link', { name: order.number }).click();
      await visible(page.getByRole('heading', { name: `Order ${order.number}`, level: 1 }));
      await goTo(page, 'Customers');
      await page.getByRole('link', { name: `Buyer${width}` }).click();
      await visible(page.getByRole('heading', { name: `Buyer${width}`, level: 1 }));

      // The chat socket stayed connected behind these screens.
      const visitor = await joinedVisitorChat(server.url, `Visitor at ${width}`);
      await expect
        .poll(() => main.notifications.at(-1))
        .toMatchObject({ title: `Visitor at ${width}`, conversationId: visitor.id });
      visitor.say('Anyone there?');
      await expect
        .poll(() => main.notifications.at(-1))
        .toMatchObject({ body: 'Anyone there?', conversationId: visitor.id });
      // The unread message shows beside Chat, or on the Menu button while the navigation is folded (narrow window).
      await visible(
        width < 768
          ? page.getByRole('button', { name: /\b[1-9]\d* waiting \(open the menu\)$/ })
          : nav(page).getByRole('link', { name: /Chat\s*1 unread/ }),
      );
      await main.clickNotification(visitor.id);
      await expectPath(page, '/admin/chat');
      await visible(page.getByRole('region', { name: `Conversation with Visitor at ${width}` }));
      visitor.socket.close();
    },
  );

  it('a paid consultation and a client’s reply on it notify each as their own kind, and open the ticket', async () => {
    const { page, main } = await staffConsole();
    const before = main.notifications.length;
    const cookie = await clientSession('Katherine');
    const booking = await post(
      '/api/create-payment-intent',
      { amount: 19900, description: 'Technical Consultation - 1 Hour' },
      cookie,
    );
    expect(booking.status).toBe(201);
    const { clientSecret } = (await booking.json()) as { clientSecret: string };
    const paid = await post('/api/demo-payments/confirm', { clientSecret, card: demoCards.succeeds }, cookie);
    expect(paid.status).toBe(200);

    await expect
      .poll(() => main.notifications.slice(before), { timeout: 15_000 })
      .toEqual([
        {
          title: 'Consultation paid',
          body: 'Katherine · Technical Consultation - 1 Hour',
          conversationId: null,
          path: expect.stringMatching(/^\/admin\/service-requests\?id=[0-9a-f-]{36}$/),
        },
      ]);
    const ticketPath = main.notifications.at(-1)?.path ?? '';
    const ticketId = ticketPath.split('=')[1] ?? '';

    const reply = await post(
      `/api/service-requests/${ticketId}/replies`,
      { message: 'Any <b>Tuesday</b> morning suits us.' },
      cookie,
    );
    expect(reply.status).toBe(201);
    await expect
      .poll(() => main.notifications.slice(before + 1), { timeout: 15_000 })
      .toEqual([
        {
          title: 'A client replied',
          // Plain text, escaped for Linux notification servers.
          body: 'Katherine: Any &lt;b&gt;Tuesday&lt;/b&gt; morning suits us.',
          conversationId: null,
          path: ticketPath,
        },
      ]);

    await main.clickItemNotification(ticketPath);
    const ticket = page.getByRole('article', { name: 'Service request from Katherine' });
    await visible(ticket.getByText('Any <b>Tuesday</b> morning suits us.'));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the dashboard’s chat service-level card opens the desktop’s chat filtered, with the breach in the chat (204)', async () => {
    const { page } = await staffConsole();
    await server.db('chat_conversations').update({ status: 'closed' });
    const start = (visitorName: string) =>
      startConversation(server.db, {
        visitorId: randomUUID(),
        userId: null,
        visitorName,
        visitorEmail: null,
        startPage: null,
      });
    // The chat's default target is 10 business minutes (the test database is open around the clock): 11 minutes ago.
    const late = await start('Wes Waiting');
    await server
      .db('chat_conversations')
      .where({ id: late.id })
      .update({ createdAt: server.db.raw(`clock_timestamp() - interval '11 minutes'`) });
    await server.db.transaction((trx) => refreshChatClock(trx, late.id));
    await start('Nia New');

    await goTo(page, 'Dashboard');
    await visible(page.getByTestId('count-chatsBreached').filter({ hasText: /^1$/ }));
    await page.getByRole('link', { name: /Chat responses breached/ }).click();
    await expectPath(page, '/admin/chat?sla=breached');
    const list = page.getByRole('list', { name: 'Conversations' });
    const row = list.getByRole('button', { name: /Wes Waiting/ });
    await visible(row.getByText(/^Reply overdue by /));
    expect(await list.getByRole('button').count()).toBe(1);
    await row.click();
    const chat = page.getByRole('region', { name: 'Conversation with Wes Waiting' });
    await visible(chat.getByText(/^First response target missed: it was due .+\. Nobody was assigned\.$/));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a kind switched off in the settings raises no notification; the others still do', async () => {
    const { page, main } = await staffConsole();
    await page.getByRole('button', { name: 'Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification settings' });
    await dialog.getByRole('switch', { name: 'Paid orders' }).uncheck();
    await expect.poll(() => main.settings.orderAlerts).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const before = main.notifications.length;

    const order = await clientPaysAnOrder();
    // The page heard it and told main, which raised nothing.
    await expect
      .poll(() => main.tasks('itemAlert'), { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ kind: 'order.paid', id: order.id }));
    expect(main.notifications.slice(before)).toEqual([]);

    await contactEnquiry('Grace Hopper');
    await expect
      .poll(() => main.notifications.slice(before), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ title: 'New enquiry', body: 'Grace Hopper · Field IT Services' })]);
  });
});
