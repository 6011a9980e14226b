import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { LAST_ACTIVE_ADMIN } from '../api/src/modules/users/last-admin';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { invitationLinkMailedTo } from './support/mailed-links';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => withSmtp(sink.url));
const browser = useBrowser();

const staffTable = (page: Page) => page.getByRole('table', { name: 'Staff members' });

describe('staff invitations in the browser', () => {
  it('an admin invites by email; the invitee opens the mailed link, chooses a login and lands in the console', async () => {
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const adminAccount = await loggedInAs(admin, server, { accountType: 'staff', firstName: 'Grace' });
    await admin.goto(`${server.url}/admin`);
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await expectPath(admin, '/admin/staff');
    await visible(admin.getByRole('heading', { name: 'Staff', level: 1 }));
    await visible(staffTable(admin).getByText(adminAccount.username));

    // The only admin cannot demote themselves: the server's reason is on the screen.
    await staffTable(admin).getByLabel(`Role of ${adminAccount.username}`).selectOption('support');
    await visible(admin.getByRole('alert').getByText(LAST_ACTIVE_ADMIN));
    await expect
      .poll(() => staffTable(admin).getByLabel(`Role of ${adminAccount.username}`).inputValue())
      .toBe('admin');

    await admin.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a staff member' });
    await visible(dialog);
    // Focus moves into the dialog.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await dialog.getByLabel('Email').fill('new.agent@example.com');
    await dialog.getByLabel('Role').selectOption('support');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await visible(toast(admin, 'Invitation Sent'));
    const pending = admin.getByRole('list', { name: 'Pending invitations' });
    await visible(pending.getByText('new.agent@example.com'));
    expect(await axeViolations(admin)).toEqual([]);

    const link = await invitationLinkMailedTo(sink, 'new.agent@example.com');
    expect(new URL(link).origin).toBe(server.url);

    // The invitee, on a phone.
    const invitee = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await invitee.goto(link);
    await visible(invitee.getByText('You are invited to the staff console as'));
    await visible(invitee.getByText('new.agent@example.com'));
    await invitee.getByLabel('Username').fill('new_agent');
    await invitee.getByLabel('Password', { exact: true }).fill('password1');
    await invitee.getByLabel('Confirm password').fill('password2');
    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    await visible(invitee.getByText('Passwords do not match'));
    await invitee.getByLabel('Confirm password').fill('password1');
    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    await visible(invitee.getByText('This password is too common. Please choose one that is harder to guess.'));
    expect(await invitee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(invitee)).toEqual([]);

    await invitee.getByLabel('Password', { exact: true }).fill('harbour lights at dusk');
    await invitee.getByLabel('Confirm password').fill('harbour lights at dusk');
    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    // A support invitee is signed in and lands in the console.
    await expectPath(invitee, '/admin');
    await visible(invitee.getByRole('button', { name: /open the menu/ }));
    const me = await invitee.request.get(`${server.url}/api/auth/user`);
    expect(await me.json()).toMatchObject({ username: 'new_agent', accountType: 'staff' });

    // The link was for one use: opened again, it says so and what to do.
    const again = await browser.newPage();
    await again.goto(link);
    await visible(again.getByRole('heading', { name: 'This invitation can no longer be used' }));
    await visible(again.getByText(/This invitation has already been used/));
    await visible(again.getByRole('link', { name: 'log in' }));

    // The admin sees the new member (and no pending invitation); deactivating them signs them out.
    await admin.reload();
    const row = staffTable(admin).getByRole('row').filter({ hasText: 'new_agent' });
    await visible(row);
    expect(await row.getByLabel('Role of new_agent').inputValue()).toBe('support');
    await visible(admin.getByText('No invitations are waiting.'));
    await row.getByRole('button', { name: 'Deactivate new_agent' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Deactivate new_agent?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await visible(row.getByText('Deactivated'));
    expect((await invitee.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);

    // On a phone the screen fits: the table scrolls inside its card, nothing wider than the page.
    await admin.setViewportSize({ width: 390, height: 844 });
    await visible(admin.getByRole('heading', { name: 'Staff', level: 1 }));
    await visible(admin.getByRole('button', { name: 'Invite staff member' }));
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(admin)).toEqual([]);
  });
});
