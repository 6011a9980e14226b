import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits, testConfig } from '../api/src/test/config';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { buildTicket } from '../api/src/test/ticket-factories';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

const DOMAIN = 'reply.northstar.test';
const SECRET = 'e2e-inbound-secret-0123456789abcdef';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => ({
  ...withSmtp(sink.url),
  rateLimits: roomyRateLimits,
  inbound: { ...testConfig().inbound, domain: DOMAIN, webhookSecret: SECRET },
}));
const browser = useBrowser();

describe('inbound email in the browser', () => {
  it('staff reply to a ticket, the client answers by email (the provider webhook), and the answer shows live in the console and in the portal', async () => {
    const client = await browser.newPage();
    const ada = await loggedInAs(client, server, { firstName: 'Ada', email: 'ada.inbound@example.com' });
    const request = await buildTicket(server.db, ada.user, {
      service: 'Field IT Services',
      message: 'Printer offline.',
    });

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Sam' });
    await staff.goto(`${server.url}/admin/service-requests?id=${request.id}`);
    const ticket = staff.getByRole('article', { name: 'Service request from Ada' });
    await visible(ticket.getByText('Printer offline.'));
    await ticket.getByLabel('Your reply').fill('Please restart it and tell us what the screen says.');
    await ticket.getByRole('button', { name: 'Send Reply' }).click();
    await visible(ticket.getByText('Please restart it and tell us what the screen says.'));
    await ticket.getByRole('button', { name: 'Waiting on Client' }).click();
    await visible(ticket.getByText('Waiting on Client', { exact: true }).first());

    // The mail the client got: its Reply-To is the ticket's reply address for them.
    await expect.poll(() => sink.to('ada.inbound@example.com').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const mail = sink.to('ada.inbound@example.com').find((m) => m.parsed.text?.includes('Please restart it'))!;
    const replyTo = mail.parsed.replyTo?.value[0]?.address ?? '';
    expect(replyTo).toMatch(new RegExp(`^reply\\+t[0-9a-f]{32}[a-z2-7]{20}@${DOMAIN.replaceAll('.', '\\.')}$`));

    // Her answer, as Gmail writes one, reaches the product through the provider webhook.
    const answer = [
      'From: Ada <ada.inbound@example.com>',
      `To: ${replyTo}`,
      `Subject: Re: ${mail.parsed.subject ?? ''}`,
      'Message-ID: <ada-answer-1@mail.example.com>',
      `In-Reply-To: ${mail.parsed.messageId ?? ''}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'It says "paper jam in tray 2".',
      '',
      'On Thu, Nov 26, 2026 at 9:00 AM Northstar IT <noreply@example.com> wrote:',
      '> Please restart it and tell us what the screen says.',
      '',
    ].join('\r\n');
    const res = await fetch(`${server.url}/api/inbound-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` },
      body: answer,
    });
    expect(res.status).toBe(201);

    // Live in the console, without a reload: the new text only, by email, back in progress.
    await visible(ticket.getByText('It says "paper jam in tray 2".', { exact: true }));
    await visible(ticket.getByText('by email', { exact: true }));
    await visible(ticket.getByText('In Progress', { exact: true }).first());
    expect(await ticket.getByText('Please restart it and tell us what the screen says.').count()).toBe(1);
    // Staff can open the whole received message.
    await ticket.getByRole('link', { name: 'View email' }).click();
    await visible(staff.getByRole('heading', { name: 'Raw message' }));
    await visible(staff.getByText('Reply on a service request', { exact: true }));

    // And in the client's portal thread.
    await client.goto(`${server.url}/portal/request?id=${request.id}`);
    await visible(client.getByText('It says "paper jam in tray 2".', { exact: true }));
    expect(await client.getByRole('link', { name: 'View email' }).count()).toBe(0);
  });
});
