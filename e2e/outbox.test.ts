import { describe, expect, it } from 'vitest';
import { enqueueMail } from '../api/src/modules/mail/outbox';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, visible } from './support/ui';

// No SMTP_URL: the embedded default, where mails are kept for staff to read.
const server = useSiteServer();
const browser = useBrowser();

async function waitForStatus(key: string, status: string): Promise<void> {
  await expect
    .poll(async () => (await server.db('mails').where({ idempotencyKey: key }).first())?.status, { timeout: 10_000 })
    .toBe(status);
}

describe('the staff outbox in the browser', () => {
  it('lists the kept mails and shows one with its HTML in a sandboxed frame and its plain text', async () => {
    await enqueueMail(server.db, {
      template: 'contact-acknowledgement',
      to: 'priya@example.com',
      data: {
        service: 'Cybersecurity Solutions',
        copy: {
          name: 'Priya Raman',
          email: 'priya@example.com',
          phone: null,
          company: 'Lakeshore Clinics',
          service: 'Cybersecurity Solutions',
          message: 'Please review our firewall.',
        },
      },
      idempotencyKey: 'e2e:ack',
    });
    // A mail whose HTML carries a script: shown, never run.
    await server.db('mails').insert({
      idempotencyKey: 'e2e:script',
      template: 'welcome',
      recipient: 'script@example.com',
      data: JSON.stringify({ name: 'S', username: 's' }),
      subject: 'Mail with a script',
      htmlBody:
        '<html><body><p id="marker">static text</p><script>document.getElementById("marker").textContent = "script ran"; parent.document.title = "pwned";</script></body></html>',
      textBody: 'static text',
      status: 'failed',
      attempts: 1,
      lastError: 'RCPT TO: 550 5.1.1 No such user',
    });
    await waitForStatus('e2e:ack', 'kept');

    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff' });
    await page.goto(`${server.url}/admin/outbox`);
    await visible(page.getByRole('heading', { name: 'Outbox', level: 1 }));
    const list = page.getByRole('list', { name: 'Mails' });
    await visible(list.getByText('We received your message'));
    await visible(list.getByText('Not sent (no SMTP server)'));

    await list.getByRole('button', { name: /We received your message/ }).click();
    await expectPath(page, /^\/admin\/outbox\?mail=[0-9a-f-]{36}$/);
    const mail = page.getByRole('article', { name: 'Mail' });
    await visible(mail.getByText('priya@example.com', { exact: true }));
    const frame = page.frameLocator('iframe[title^="Preview of"]');
    await visible(frame.getByText('Thanks for your message, Priya Raman'));
    expect(await page.locator('iframe[title^="Preview of"]').getAttribute('sandbox')).toBe('');
    await mail.getByRole('tab', { name: 'Plain text' }).click();
    await visible(mail.getByLabel('Plain-text part').getByText(/Please review our firewall\./));
    expect(await axeViolations(page)).toEqual([]);
    // Filter by status (kept in the URL): the failed mail with its reason; its script never runs.
    await page.getByLabel('Status').selectOption('failed');
    await expectPath(page, '/admin/outbox?status=failed');
    await visible(list.getByText('RCPT TO: 550 5.1.1 No such user'));
    // The list re-renders for the new filter: wait for it to hold the one failed mail.
    await expect.poll(() => list.getByRole('button').count(), { timeout: 15_000 }).toBe(1);
    // Chromium reports the script it refused to run in the sandboxed frame.
    browser.allowErrors(/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
    await list.getByRole('button', { name: /Mail with a script/ }).click();
    await visible(page.frameLocator('iframe[title^="Preview of"]').getByText('static text'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.frameLocator('iframe[title^="Preview of"]').getByText('script ran').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');

    // The back button returns to the previous view.
    await page.goBack();
    await expectPath(page, '/admin/outbox?status=failed');
  });

  it('shows each subject whole, so two that differ only at the end never look alike (issue 29)', async () => {
    const plan = 'Professional Managed IT with 24/7 Monitoring';
    for (const [key, ending] of [
      ['e2e:plan-active', 'is active'],
      ['e2e:plan-cancelled', 'is cancelled'],
    ] as const) {
      await server.db('mails').insert({
        idempotencyKey: key,
        template: 'subscription-started',
        recipient: 'long.subject@example.com',
        data: JSON.stringify({}),
        subject: `Your ${plan} plan ${ending}`,
        htmlBody: '<p>x</p>',
        textBody: 'x',
        status: 'kept',
        attempts: 1,
      });
    }
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await loggedInAs(page, server, { accountType: 'staff' });
      await page.goto(`${server.url}/admin/outbox`);
      const list = page.getByRole('list', { name: 'Mails' });
      for (const ending of ['is active', 'is cancelled']) {
        const subject = list.getByTestId('mail-subject').filter({ hasText: `Your ${plan} plan ${ending}` });
        await visible(subject);
        // Nothing of it is clipped: its text fits the box it is drawn in.
        expect(
          await subject.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
          `${ending} at ${width}`,
        ).toBe(true);
      }
      await page.close();
    }
  });

  it('marks a live single-use link as shown for development only', async () => {
    await enqueueMail(server.db, {
      template: 'password-reset',
      to: 'dev.reset@example.com',
      data: { name: 'Dev', username: 'dev', token: 'e2eDevToken' },
      idempotencyKey: 'e2e:reset',
    });
    await waitForStatus('e2e:reset', 'kept');
    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff' });
    const id = (await server.db('mails').where({ idempotencyKey: 'e2e:reset' }).first()).id as string;
    await page.goto(`${server.url}/admin/outbox?mail=${id}`);
    const mail = page.getByRole('article', { name: 'Mail' });
    await visible(mail.getByRole('note').getByText(/Development only: this mail's single-use link is live/));
    await mail.getByRole('tab', { name: 'Plain text' }).click();
    await visible(mail.getByLabel('Plain-text part').getByText(/reset-password\?token=e2eDevToken/));
  });

  it('is for staff only', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/admin/outbox`);
    await expectPath(visitor, '/login?next=%2Fadmin%2Foutbox');

    const client = await browser.newPage();
    await loggedInAs(client, server);
    await client.goto(`${server.url}/admin/outbox`);
    await visible(client.getByRole('heading', { name: 'Staff only' }));
  });
});
