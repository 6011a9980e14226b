import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';
import { limitInOneWindow } from '../api/src/test/config';

const server = useSiteServer({
  rateLimits: {
    loginPerIp: limitInOneWindow(1000),
    loginPerUserAndIp: limitInOneWindow(4),
    signupPerIp: limitInOneWindow(1000),
    contactPerIp: limitInOneWindow(1000),
  },
});
const browser = useBrowser();

describe('accounts in the browser', () => {
  it('signs up, reaches the portal, logs out and logs back in', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('ada_lovelace');
    await page.getByLabel('Password').fill('analytical');
    await page.getByLabel(/^Email/).fill('ada@example.com');
    await page.getByLabel(/^First name/).fill('Ada');
    await page.getByLabel(/^Last name/).fill('Lovelace');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await visible(toast(page, 'Account Created'));
    await expectPath(page, '/portal');
    await visible(page.getByRole('heading', { name: 'Welcome, Ada' }));
    const account = page.getByRole('heading', { name: 'Account Information' }).locator('xpath=../..');
    await visible(account.getByText('ada@example.com'));
    await visible(account.getByText('Ada Lovelace'));
    expect(await account.getByText('Member Since').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await visible(toast(page, 'Logged Out'));
    await expectPath(page, '/');

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('ada_lovelace');
    await page.getByLabel('Password').fill('analytical');
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(toast(page, 'Welcome Back'));
    await expectPath(page, '/portal');
    await visible(page.getByRole('heading', { name: 'Welcome, Ada' }));
  });

  it('shows every validation message from the spec', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(page.getByText('Username is required'));
    await visible(page.getByText('Password is required'));

    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('12345');
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByText('Username must be at least 3 characters'));
    await visible(page.getByText('Password must be at least 6 characters'));
    await visible(page.getByText('Invalid email address'));
    // Nothing was sent: still on the form, no account.
    expect(await server.db('users').where({ username: 'ab' })).toHaveLength(0);
  });

  it("shows the server's refusal of a field under that field, without its raw name (issue 29)", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('common-chooser');
    await page.getByLabel('Password').fill('password1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const message = 'This password is too common. Please choose one that is harder to guess.';
    const password = page.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    // Under the password field (its description), focused, and not as a toast with "password:" in front.
    const describedBy = (await password.getAttribute('aria-describedby'))!.split(' ');
    const described = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(described).toContain(message);
    expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await toast(page, 'Signup Failed').count()).toBe(0);
    expect(await page.getByText(`password: ${message}`).count()).toBe(0);
    expect(await server.db('users').where({ username: 'common-chooser' })).toHaveLength(0);
  });

  it('shows the server message for a wrong password and a taken username', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('grace');
    await page.getByLabel('Password').fill('hopper123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectPath(page, '/portal');

    const other = await browser.newPage();
    await other.goto(`${server.url}/signup`);
    await other.getByLabel('Username').fill('Grace');
    await other.getByLabel('Password').fill('another1');
    await other.getByRole('button', { name: 'Create Account' }).click();
    await visible(toast(other, 'Signup Failed'));
    await visible(other.getByText('Username is already taken'));

    await other.goto(`${server.url}/login`);
    await other.getByLabel('Username').fill('grace');
    await other.getByLabel('Password').fill('wrong-password');
    await other.getByRole('button', { name: 'Log In' }).click();
    await visible(toast(other, 'Login Failed'));
    await visible(other.getByText('Invalid username or password'));
    await expectPath(other, '/login');
  });

  it('tells the visitor when too many login attempts were made', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByLabel('Username').fill('target_user');
      await page.getByLabel('Password').fill(`guess-${attempt}`);
      // Each attempt's answer before the next: a toast still showing from the last one proves nothing.
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
      await page.getByRole('button', { name: 'Log In' }).click();
      expect((await answered).status()).toBe(attempt < 4 ? 401 : 429);
      await visible(toast(page, 'Login Failed'));
    }
    await visible(page.getByText('Too many login attempts. Please wait a few minutes and try again.'));
  });

  it('sends logged-out visitors from /portal to /login and back after logging in', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('returning');
    await page.getByLabel('Password').fill('returning1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectPath(page, '/portal');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expectPath(page, '/');

    await page.goto(`${server.url}/portal`);
    await expectPath(page, '/login?next=%2Fportal');
    // The spec's /api/login entry point keeps the destination too.
    await page.goto(`${server.url}/api/login?next=/portal`);
    await expectPath(page, '/login?next=%2Fportal');
    await page.getByLabel('Username').fill('returning');
    await page.getByLabel('Password').fill('returning1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/portal');

    // Logged in, /login and /signup go to the portal.
    await page.goto(`${server.url}/login`);
    await expectPath(page, '/portal');
    await page.goto(`${server.url}/signup`);
    await expectPath(page, '/portal');
  });

  it('keeps the session across a server restart', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('persistent');
    await page.getByLabel('Password').fill('persist1');
    await page.getByLabel(/^First name/).fill('Pat');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome, Pat' }));

    await server.restart();
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Welcome, Pat' }));
    await expectPath(page, '/portal');
  });
});

describe('site shell', () => {
  it('answers HTTP 404 with the 404 page for unknown paths', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: 'Page Not Found' }));
    expect(await page.title()).toBe('Page Not Found | Northstar IT Solutions');
  });

  it('has the header navigation and a keyboard-usable mobile menu', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/login`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await visible(menu);
    for (const label of ['Home', 'About', 'Services', 'Portfolio', 'Shop', 'Contact', 'Client Portal', 'Get Quote']) {
      await visible(menu.getByRole('link', { name: label, exact: true }));
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
  });

  it('focuses the notifications region with F8', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    // The button is in the prerendered HTML: until the page has hydrated, F8 has no listener yet (the code loads
    // after the first paint, and a busy machine hydrates seconds later), so press it until the region takes the focus.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('F8');
          return page.evaluate(() => document.activeElement?.closest('[aria-label^="Notifications"]') !== null);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
  });
});
