import { describe, expect, it } from 'vitest';
import { withSmtp } from '../api/src/test/mail';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, visible } from './support/ui';

// No SMTP server: mails are kept (rendered) in the outbox, where the test reads their links.
const server = useSiteServer(withSmtp(null, { staffAlertEmails: ['desk@example.com'] }));
const browser = useBrowser();

describe('the links in chat emails', () => {
  it('the link of a staff-replies email reopens the chat in the visitor’s browser; the staff alert opens it in the console', async () => {
    // A visitor starts a chat while no staff console is connected (away mode) and writes.
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/contact`);
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    const panel = visitor.getByRole('region', { name: 'Live Chat' });
    await panel.getByLabel('Name').fill('Grace Visitor');
    await panel.getByLabel(/^Email/).fill('grace.visitor@example.com');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    const input = panel.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    await input.fill('Do you install outdoor cameras?');
    await input.press('Enter');
    const [conversation] = await server.db('chat_conversations').where({ visitorName: 'Grace Visitor' });
    expect(conversation).toBeDefined();
    // Staff were alerted by email, with a link into the console.
    await expect
      .poll(
        async () =>
          (await server.db('mails').where({ template: 'staff-chat-message', status: 'kept' }).first())?.textBody ?? '',
        { timeout: 15_000 },
      )
      .toContain(`${server.url}/admin/chat?conversation=${conversation.id}`);

    // Later, in another tab of the same browser, the visitor follows the link from the email.
    const later = await visitor.context().newPage();
    await later.goto(`${server.url}/?chat=${conversation.id}`);
    const reopened = later.getByRole('region', { name: 'Live Chat' });
    await visible(reopened.getByText('Do you install outdoor cameras?'));
    await expectPath(later, '/');

    // Someone else's browser cannot open it: the widget offers a new chat.
    const stranger = await browser.newPage();
    await stranger.goto(`${server.url}/?chat=${conversation.id}`);
    await visible(stranger.getByRole('region', { name: 'Live Chat' }).getByRole('button', { name: 'Start Chat' }));
    expect(await stranger.getByText('Do you install outdoor cameras?').count()).toBe(0);

    // The staff alert's link opens the conversation in the console.
    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    await staff.goto(`${server.url}/admin/chat?conversation=${conversation.id}`);
    const window = staff.getByRole('region', { name: 'Conversation with Grace Visitor' });
    await visible(window.getByText('Do you install outdoor cameras?'));
  });
});
