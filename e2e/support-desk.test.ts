import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roomyRateLimits } from '../api/src/test/config';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { buildTicket } from '../api/src/test/ticket-factories';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => ({ ...withSmtp(sink.url), rateLimits: roomyRateLimits }));
const browser = useBrowser();

const widget = (page: Page) => page.getByRole('region', { name: 'Live Chat' });

/** The survey link of the newest mail to `email` with the given rating. */
async function surveyLinkMailedTo(email: string, rating: number): Promise<string> {
  await expect
    .poll(() => sink.to(email).filter((m) => m.parsed.subject?.startsWith('How did we do?')).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  const mail = sink
    .to(email)
    .filter((m) => m.parsed.subject?.startsWith('How did we do?'))
    .at(-1)!;
  const link = new RegExp(`(http://\\S+/feedback/[A-Za-z0-9_-]+\\?rating=${rating})`).exec(mail.parsed.text ?? '')?.[1];
  if (!link) throw new Error(`no survey link in:\n${mail.parsed.text}`);
  return link;
}

describe('support desk: satisfaction surveys, chat polish, ticket attachments', () => {
  it('a visitor sees who answers and when they type, staff see the visitor type, and a closed chat is rated in the widget', async () => {
    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Sam' });
    await staff.goto(`${server.url}/admin/chat`);
    await visible(staff.getByRole('heading', { name: 'Customer Chat', level: 1 }));

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/login`);
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    const panel = widget(visitor);
    await panel.getByLabel('Name').fill('Ada Lovelace');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await visible(panel.getByRole('status').filter({ hasText: /^Connected$/ }));
    await panel.getByRole('textbox', { name: 'Message' }).fill('Is the printer fixed?');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');

    await staff
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Ada Lovelace/ })
      .click();
    const window = staff.getByRole('region', { name: 'Conversation with Ada Lovelace' });
    await visible(window.getByText('Is the printer fixed?'));

    // Both sides see the other typing.
    await panel.getByRole('textbox', { name: 'Message' }).pressSequentially('One more thing');
    await visible(window.getByText('Ada Lovelace is typing…'));
    await window.getByRole('textbox', { name: 'Message' }).pressSequentially('Yes, it');
    await visible(panel.getByText('Support is typing…'));
    await window.getByRole('textbox', { name: 'Message' }).pressSequentially(' prints again.');
    await window.getByRole('button', { name: 'Send' }).click();
    // The reply carries Sam's name and initials avatar; typing now names Sam.
    await visible(panel.getByText('Yes, it prints again.'));
    await visible(panel.getByTestId('message-author').filter({ hasText: 'Sam' }));
    await visible(panel.getByTestId('message-author').getByText('S', { exact: true }));
    await window.getByRole('textbox', { name: 'Message' }).pressSequentially('Anything else');
    await visible(panel.getByText('Sam is typing…'));
    await window.getByRole('textbox', { name: 'Message' }).fill('');

    await window.getByRole('button', { name: 'Close' }).click();
    await visible(panel.getByText('This chat has been closed by our team. Thank you for reaching out!'));
    const survey = panel.getByRole('form', { name: 'How did we do?' });
    await survey.getByRole('radio', { name: '4 – Good' }).click();
    await survey.getByLabel('Comment (optional)').fill('Quick fix, thanks Sam');
    await survey.getByRole('button', { name: 'Send Feedback' }).click();
    await visible(panel.getByText('Thank you for your feedback!'));
    expect(await axeViolations(visitor)).toEqual([]);

    const stored = await server.db('satisfaction_surveys').first();
    expect(stored).toMatchObject({ rating: 4, comment: 'Quick fix, thanks Sam', channel: 'widget' });
    // Staff see the rating beside the closed chat, live.
    const rated = window.getByRole('region', { name: 'Satisfaction' });
    await visible(rated.getByText('Rated 4/5 · Good'));
    await visible(rated.getByText('“Quick fix, thanks Sam”'));
  });

  it('a completed ticket is rated from the email link, without signing in; an unknown link is a clear page', async () => {
    const client = await browser.newPage();
    const grace = await loggedInAs(client, server, { firstName: 'Grace', email: 'grace.csat@example.com' });
    const { id } = await buildTicket(server.db, grace.user, { service: 'Field IT Services', status: 'in_progress' });
    const ticket = await server.db('tickets').where({ id }).first();

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Kim' });
    await staff.goto(`${server.url}/admin/service-requests?id=${ticket.id}`);
    const page = staff.getByRole('article', { name: 'Service request from Grace' });
    await page.getByRole('group', { name: 'Change status' }).getByRole('button', { name: 'Completed' }).click();
    const panel = page.getByRole('region', { name: 'Satisfaction' });
    await visible(panel.getByText(/^Asked by email .*; not answered yet\.$/));

    // Opened in a browser that is not signed in, from the "5 – Excellent" link.
    const link = await surveyLinkMailedTo('grace.csat@example.com', 5);
    const anonymous = await browser.newPage();
    await anonymous.goto(link);
    await visible(anonymous.getByRole('heading', { name: 'How Did We Do?' }));
    await visible(anonymous.getByText(`Tell us how we did with your request T-${ticket.number} (Field IT Services).`));
    const form = anonymous.getByRole('form', { name: 'How did we do?' });
    // The clicked rating is chosen, but nothing is recorded until the button is pressed.
    await expect
      .poll(() => form.getByRole('radio', { name: '5 – Excellent' }).getAttribute('aria-checked'))
      .toBe('true');
    expect((await server.db('satisfaction_surveys').where({ ticketId: ticket.id }).first()).rating).toBeNull();
    await form.getByLabel('Comment (optional)').fill('Done in a day.');
    await form.getByRole('button', { name: 'Send Feedback' }).click();
    await visible(anonymous.getByText('Thank you for your feedback!'));
    expect(await axeViolations(anonymous)).toEqual([]);
    await visible(panel.getByText('Rated 5/5 · Excellent'));

    await anonymous.goto(`${server.url}/feedback/${'x'.repeat(43)}`);
    await visible(anonymous.getByRole('alert').getByText(/^This feedback link is not valid/));
  });

  it('a client attaches a file to a ticket reply in the portal and staff download it from the console', async () => {
    const client = await browser.newPage();
    const ada = await loggedInAs(client, server, { firstName: 'Ada', email: 'ada.files@example.com' });
    const ticket = await buildTicket(server.db, ada.user, { service: 'Low Voltage Cabling' });
    await client.goto(`${server.url}/portal/request?id=${ticket.id}`);
    const report = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await client
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: report }]);
    await visible(client.getByRole('list', { name: 'Files to send' }).getByText('floor-plan.pdf'));
    await client.getByLabel('Your reply').fill('Here is the floor plan.');
    await client.getByRole('button', { name: 'Send Reply' }).click();
    const sent = client.getByRole('list', { name: 'Attachments' });
    await visible(sent.getByText('floor-plan.pdf'));
    await visible(sent.getByText(`(${report.length} bytes)`));
    expect(await axeViolations(client)).toEqual([]);

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    await staff.goto(`${server.url}/admin/service-requests?id=${ticket.id}`);
    const page = staff.getByRole('article', { name: 'Service request from Ada' });
    const link = page.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: /floor-plan\.pdf/ });
    await visible(link);
    const [download] = await Promise.all([staff.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('floor-plan.pdf');
    expect(Buffer.compare(await readFile((await download.path())!), report)).toBe(0);
  });
});
