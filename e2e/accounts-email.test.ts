import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../api/src/test/factories';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => withSmtp(sink.url));
const browser = useBrowser();

/** The first link to `path` in the newest mail that reached `email`. */
async function linkMailedTo(email: string, path: string, count = 1): Promise<string> {
  await expect.poll(() => sink.to(email).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const text = sink.to(email).at(-1)!.parsed.text ?? '';
  const link = new RegExp(`(http://\\S+${path}\\?token=[A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  return link;
}

async function logInThroughForm(page: Awaited<ReturnType<typeof browser.newPage>>, username: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('account self-service with real email', () => {
  it('resets a forgotten password through the emailed link, signing out the other devices', async () => {
    const { username, password } = await buildUser(server.db, { email: 'forgetful@example.com', firstName: 'Fran' });
    const otherDevice = await browser.newPage();
    await logInThroughForm(otherDevice, username, password);
    await expectPath(otherDevice, '/portal');

    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByLabel('Username or email').fill('Forgetful@Example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByText(/If an account matches, we have emailed a link/));

    const link = await linkMailedTo('forgetful@example.com', '/reset-password');
    expect(sink.to('forgetful@example.com')[0]!.parsed.subject).toBe('Reset your password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm new password').fill('password1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await visible(page.getByText('This password is too common. Please choose one that is harder to guess.'));

    await page.getByLabel('New password', { exact: true }).fill('river stone lantern');
    await page.getByLabel('Confirm new password').fill('river stone lantern');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await visible(toast(page, 'Password Reset'));
    await expectPath(page, '/login');

    await logInThroughForm(page, username, 'river stone lantern');
    await expectPath(page, '/portal');
    await visible(page.getByRole('heading', { name: 'Welcome, Fran' }));

    // The other device was signed out.
    await otherDevice.reload();
    await expectPath(otherDevice, '/login?next=%2Fportal');

    // The link works once.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('another fine phrase');
    await again.getByLabel('Confirm new password').fill('another fine phrase');
    await again.getByRole('button', { name: 'Set New Password' }).click();
    await visible(again.getByText(/This password reset link is invalid, has already been used or has expired/));
  });

  it('edits the profile, confirms a new email through its link, and changes the password', async () => {
    const { username, password } = await buildUser(server.db, { email: 'before@example.com' });
    const page = await browser.newPage();
    await logInThroughForm(page, username, password);
    await expectPath(page, '/portal');
    await page.getByRole('link', { name: 'Manage Account' }).click();
    await expectPath(page, '/portal/account');
    await visible(page.getByRole('heading', { name: 'Account', level: 1 }));

    // The address is not confirmed yet: a link confirms it.
    await visible(page.getByText(/is not confirmed yet/));
    await page.getByRole('button', { name: 'Email me a confirmation link' }).click();
    await visible(toast(page, 'Link Sent'));
    const confirmLink = await linkMailedTo('before@example.com', '/confirm-email');
    const inbox = await browser.newPage();
    await inbox.goto(confirmLink);
    await visible(inbox.getByText('Your email address before@example.com is confirmed.'));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Account', level: 1 }));
    expect(await page.getByText(/is not confirmed yet/).count()).toBe(0);

    await page.getByLabel(/^First name/).fill('Marie');
    await page.getByLabel(/^Last name/).fill('Curie');
    await page.getByLabel(/^Email/).fill('not an address');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await visible(page.getByText('Invalid email address'));
    await page.getByLabel(/^Email/).fill('after@example.com');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await visible(toast(page, 'Profile Saved'));
    await visible(page.getByText(/Waiting for confirmation: follow the link we sent to/));

    const link = await linkMailedTo('after@example.com', '/confirm-email');
    const mailbox = await browser.newPage();
    await mailbox.goto(link);
    await visible(mailbox.getByText('Your email address is now after@example.com.'));

    await page.reload();
    await expect.poll(() => page.getByLabel(/^Email/).inputValue(), { timeout: 10_000 }).toBe('after@example.com');
    expect(await page.getByText(/Waiting for confirmation/).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to your portal' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome, Marie' }));
    await visible(page.getByText('after@example.com'));

    await page.getByRole('link', { name: 'Manage Account' }).click();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('polar bear sunrise');
    await page.getByLabel('Confirm new password').fill('polar bear sunrise');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await visible(page.getByText('Current password is incorrect'));
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await visible(toast(page, 'Password Changed'));
    // Still logged in here.
    await page.goto(`${server.url}/portal`);
    await visible(page.getByRole('heading', { name: 'Welcome, Marie' }));
  });
});
