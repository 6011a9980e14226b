import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../api/src/test/config';
import { nextTotpCode } from '../api/src/test/factories';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import type { StaffRole } from '../shared/src/staff-roles';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { invitationLinkMailedTo } from './support/mailed-links';
import { useSiteServer } from './support/server';
import { expectPath, screenName, toast, visible } from './support/ui';

// Issue 24's whole path for a new staff member: invited by an admin, accepts the mailed link, sets up two-factor
// sign-in, signs in again with a code, and finds in the console exactly the screens of the role.
let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => ({ ...withSmtp(sink.url), rateLimits: roomyRateLimits }));
const browser = useBrowser();

/** The console's navigation as the page shows it (behind the menu button on a phone). */
async function consoleScreens(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await page.getByRole('button', { name: /open the menu/ }).click();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await visible(nav.getByRole('link', { name: 'Dashboard' }));
  const labels = (await nav.getByRole('link').allInnerTexts()).map(screenName);
  if (phone) await page.keyboard.press('Escape');
  return labels;
}

async function logOut(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: /open the menu/ }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await visible(toast(page, 'Logged Out'));
}

const cases: { width: number; role: StaffRole; email: string; screens: string[] }[] = [
  {
    width: 1280,
    role: 'sales',
    email: 'new.sales@example.com',
    screens: ['Dashboard', 'Orders', 'Customers', 'Quotes', 'Enquiries', 'Reports', 'Canned replies'],
  },
  {
    width: 390,
    role: 'admin',
    email: 'new.admin@example.com',
    screens: [
      'Dashboard',
      'Chat',
      'Orders',
      'Customers',
      'Catalogue',
      'Quotes',
      'Enquiries',
      'Service requests',
      'Reports',
      'Outbox',
      'Audit log',
      'Staff',
      'Canned replies',
      'Business hours',
      'Support settings',
      'Service levels',
      'Maintenance',
    ],
  },
];

describe('a new staff member, from invitation to the console', () => {
  for (const { width, role, email, screens } of cases) {
    it(`invited as ${role}: accepts, sets up two-factor sign-in, signs in with a code, sees the role's screens (${width} px)`, async () => {
      const phone = width < 768;
      const admin = await browser.newPage();
      await loggedInAs(admin, server, { accountType: 'staff', firstName: 'Grace' });
      await admin.goto(`${server.url}/admin/staff`);
      await admin.getByRole('button', { name: 'Invite staff member' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Invite a staff member' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Role').selectOption(role);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await visible(toast(admin, 'Invitation Sent'));

      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(await invitationLinkMailedTo(sink, email));
      const username = `new_${role}`;
      const password = 'harbour lights at dusk';
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await page.getByRole('button', { name: 'Accept Invitation' }).click();

      if (role === 'admin') {
        // An admin goes straight to the setup: the console is closed to an admin without it.
        await expectPath(page, /^\/account\/two-factor/);
      } else {
        // Anyone else lands in the console and turns it on from their account screen.
        await expectPath(page, '/admin');
        await page.goto(`${server.url}/admin/account`);
        await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
        await expectPath(page, /^\/account\/two-factor/);
      }
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await visible(page.getByTestId('two-factor-qr'));
      const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
      await page.getByLabel('6-digit code').fill(await nextTotpCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await visible(toast(page, 'Two-Factor Sign-In On'));
      await expect
        .poll(() => page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count())
        .toBe(10);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      // Back where the setup was started from.
      const from = role === 'admin' ? 'Dashboard' : 'Your account';
      await visible(page.getByRole('heading', { name: from, level: 1 }));

      await logOut(page, phone);
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByLabel('Code from your authenticator app').fill(await nextTotpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/admin');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
      expect(await consoleScreens(page, phone)).toEqual(screens);

      // The server agrees with the screens: the audit log is an admin's alone.
      const audit = await page.request.get(`${server.url}/api/admin/audit-log`);
      expect(audit.status()).toBe(role === 'admin' ? 200 : 403);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
