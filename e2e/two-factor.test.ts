import { describe, expect, it } from 'vitest';
import { buildUser, nextTotpCode } from '../api/src/test/factories';
import { roomyRateLimits } from '../api/src/test/config';
import { axeViolations } from './support/axe';
import { logInWithForm } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

describe('two-factor sign-in in the browser', () => {
  for (const width of [1280, 390]) {
    it(`an admin without it is sent to set it up, turns it on, signs out and signs in with a code (${width} px)`, async () => {
      const admin = await buildUser(server.db, { accountType: 'staff', firstName: 'Ada', twoFactor: false });
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${server.url}/login`);
      await logInWithForm(page, admin);
      // The console sends an admin without two-factor sign-in to the setup page first.
      await expectPath(page, /^\/account\/two-factor\?next=%2Fadmin$/);
      await visible(page.getByText('Set up two-factor sign-in first'));
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await visible(page.getByTestId('two-factor-qr'));
      const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('6-digit code').fill('12345');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await visible(page.getByText('Enter the 6-digit code your app shows'));
      await page.getByLabel('6-digit code').fill(await nextTotpCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await visible(toast(page, 'Two-Factor Sign-In On'));
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      await visible(page.getByRole('button', { name: 'Download codes' }));
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await expectPath(page, '/admin');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));

      // Sign out, and in again: the password, then a code.
      if (width < 768) await page.getByRole('button', { name: /open the menu/ }).click();
      await page.getByRole('button', { name: 'Log Out' }).click();
      await visible(toast(page, 'Logged Out'));
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Username').fill(admin.username);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      const codeField = page.getByLabel('Code from your authenticator app');
      await visible(codeField);
      // Nobody is signed in between the two steps.
      expect((await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);
      await codeField.fill('000000' === (await nextTotpCode(secret)) ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await visible(page.getByText(/Login failed: That code is not right/));
      await codeField.fill(await nextTotpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await visible(toast(page, 'Welcome Back'));
      await expectPath(page, '/admin');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));

      // The console's account screen: two-factor sign-in is on, and this session is listed.
      await page.goto(`${server.url}/admin/account`);
      await visible(page.getByRole('heading', { name: 'Your account', level: 1 }));
      await visible(page.getByRole('link', { name: 'Manage two-factor sign-in' }));
      await visible(page.getByTestId('session-row').filter({ hasText: 'This session' }));
    });
  }

  it('a client sees where they are signed in on the Account page and signs another browser out', async () => {
    const client = await buildUser(server.db, { firstName: 'Grace' });
    const other = await browser.newPage();
    await other.goto(`${server.url}/login`);
    await logInWithForm(other, client);
    await expectPath(other, '/portal');

    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${server.url}/login`);
    await logInWithForm(page, client);
    await expectPath(page, '/portal');
    await page.goto(`${server.url}/portal/account`);
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    await visible(page.getByText('This session'));
    await visible(page.getByRole('link', { name: 'Two-factor sign-in' }));
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await visible(toast(page, 'Signed Out Elsewhere'));
    await expect.poll(() => rows.count()).toBe(1);
    expect((await other.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);
    expect((await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(200);
  });
});
