import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../api/src/test/config';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { buildTicket } from '../api/src/test/ticket-factories';
import { refreshTicketClock } from '../api/src/modules/service-levels/clocks';
import { createTicket } from '../api/src/modules/tickets/tickets.service';
import { createLogger } from '../api/src/logger';
import { applyConsultationPayment } from '../api/src/modules/consultation/consultation.service';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, visible } from './support/ui';

/** The calendar day `days` from today (UTC), as YYYY-MM-DD (a proposal lies within the next year), and as shown. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const spelled = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const compact = (day: string) => day.replace(/-/g, '');
// Phoenix and Tokyo keep one offset all year (UTC−7, UTC+9): the instants below hold on any date.
const firstDay = daysAhead(30);
const secondDay = daysAhead(31);

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => ({
  ...withSmtp(sink.url),
  rateLimits: roomyRateLimits,
}));
const browser = useBrowser();

describe('enquiries and service requests as tickets', () => {
  it('an enquiry answered from the console reaches the enquirer by email', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/contact`);
    await visitor.getByLabel('Full Name').fill('Priya Raman');
    await visitor.getByLabel('Email Address').fill('priya.e2e@example.com');
    await visitor.getByLabel('Service Interested In').selectOption('Field IT Services');
    await visitor.getByLabel('Message').fill('Can you rack two switches on Friday?');
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visible(visitor.getByText("We'll get back to you within 24 hours.", { exact: true }).last());

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Sam' });
    await staff.goto(`${server.url}/admin/enquiries`);
    await visible(staff.getByRole('heading', { name: 'Enquiries', level: 1 }));
    await staff
      .getByRole('list', { name: 'Enquiries' })
      .getByRole('button', { name: /Priya Raman/ })
      .click();
    await expectPath(staff, /^\/admin\/enquiries\?id=[0-9a-f-]{36}$/);
    const enquiry = staff.getByRole('article', { name: 'Enquiry from Priya Raman' });
    await visible(enquiry.getByText('Can you rack two switches on Friday?'));
    await enquiry
      .getByLabel('Reply by email to priya.e2e@example.com')
      .fill('Yes — Friday 9am works. <b>Bring badges</b>');
    await enquiry.getByRole('button', { name: 'Send Reply' }).click();
    await visible(enquiry.getByText('Replied', { exact: true }));
    expect(await axeViolations(staff)).toEqual([]);

    // The acknowledgement, then the reply.
    await expect
      .poll(() => sink.to('priya.e2e@example.com').map((m) => m.parsed.subject), { timeout: 15_000 })
      .toContain('Re: your enquiry about Field IT Services');
    const reply = sink.to('priya.e2e@example.com').find((m) => m.parsed.subject?.startsWith('Re:'))!;
    expect(reply.parsed.text).toContain('Yes — Friday 9am works. <b>Bring badges</b>');
    expect(reply.parsed.html).not.toContain('<b>Bring badges</b>');
  });

  it('a client sees the public reply but never the internal note, answers, and staff see it live', async () => {
    const client = await browser.newPage();
    const ada = await loggedInAs(client, server, { firstName: 'Ada', email: 'ada.e2e@example.com' });
    // The contact form knows who is writing.
    await client.goto(`${server.url}/contact`);
    await expect.poll(() => client.getByLabel('Full Name').inputValue()).toBe('Ada');
    expect(await client.getByLabel('Email Address').inputValue()).toBe('ada.e2e@example.com');
    await client.getByLabel('Service Interested In').selectOption('Low Voltage Cabling');
    await client.getByLabel('Message').fill('We need 40 new drops.');
    await client.getByRole('button', { name: 'Send Message' }).click();
    await visible(client.getByText("We'll get back to you within 24 hours.", { exact: true }).last());
    const request = await server.db('tickets').where({ userId: ada.user.id }).first();
    // The number a client quotes on the phone (decision 181).
    const number = `T-${request.number}`;

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Sam' });
    await staff.goto(`${server.url}/admin/service-requests?id=${request.id}`);
    const ticket = staff.getByRole('article', { name: 'Service request from Ada' });
    await visible(ticket.getByText('We need 40 new drops.'));
    await visible(ticket.getByRole('heading', { name: `${number} Low Voltage Cabling` }));
    // The staff list shows it, and finds the ticket by it.
    await staff.getByRole('searchbox').fill(number);
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => decodeURIComponent(staff.url())).toContain(`q=${number}`);
    // In the found list's row and in the open ticket's heading.
    await expect.poll(() => staff.getByText(number, { exact: true }).count()).toBe(2);
    await ticket.getByLabel('Your reply').fill('We can start Monday.');
    await ticket.getByRole('button', { name: 'Send Reply' }).click();
    await visible(ticket.getByText('We can start Monday.'));
    await ticket.getByLabel('Internal note (not shown to the client)').check();
    await ticket.getByLabel('Internal note', { exact: true }).fill('Check the ladder budget first');
    await ticket.getByRole('button', { name: 'Add Note' }).click();
    await visible(ticket.getByText('Check the ladder budget first'));
    await visible(ticket.getByText('Internal note (staff only)'));
    // The box is back to a reply: the next text is not a note by accident (issue 29).
    await expect.poll(() => ticket.getByLabel('Internal note (not shown to the client)').isChecked()).toBe(false);
    await visible(ticket.getByRole('button', { name: 'Send Reply' }));
    await ticket.getByRole('button', { name: 'Waiting on Client' }).click();
    expect(await axeViolations(staff)).toEqual([]);

    await client.goto(`${server.url}/portal`);
    // The request's row in the portal's Service Requests card opens its thread.
    const row = client
      .getByRole('link', { name: 'Low Voltage Cabling' })
      .and(client.locator('[href^="/portal/request"]'));
    await visible(client.getByText(new RegExp(`^${number} · `)));
    await row.click();
    await expectPath(client, `/portal/request?id=${request.id}`);
    await visible(client.getByText(new RegExp(`^Request ${number} · requested on`)));
    await visible(client.getByText('We can start Monday.'));
    await visible(client.getByText('Waiting on Client'));
    expect(await client.getByText('Check the ladder budget first').count()).toBe(0);
    expect(await client.content()).not.toContain('ladder budget');
    await client.getByLabel('Your reply').fill('Monday is perfect.');
    await client.getByRole('button', { name: 'Send Reply' }).click();
    await visible(client.getByText('Monday is perfect.'));
    // Replying reopened it.
    await visible(client.getByText('In Progress', { exact: true }));
    expect(await axeViolations(client)).toEqual([]);

    // Staff see the answer without reloading.
    await visible(ticket.getByText('Monday is perfect.'));
    // And the client was emailed the public reply only.
    await expect.poll(() => sink.to('ada.e2e@example.com').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const mails = sink.to('ada.e2e@example.com');
    expect(mails.some((m) => m.parsed.text?.includes('We can start Monday.'))).toBe(true);
    expect(mails.some((m) => m.parsed.text?.includes('ladder budget'))).toBe(false);
  });

  it('what staff tick and type after sending stays when the answer comes after the reply showed live', async () => {
    const client = await loggedInAs(await browser.newPage(), server, { firstName: 'Grace' });
    const ticket = await buildTicket(server.db, client.user, { message: 'The printer jams.' });
    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Sam' });
    // The reply is stored and announced at once; its answer reaches the page only when the test lets it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await staff.route(`**/api/service-requests/${ticket.id}/replies`, async (route) => {
      const answer = await route.fetch();
      await held;
      await route.fulfill({ response: answer });
    });
    await staff.goto(`${server.url}/admin/service-requests?id=${ticket.id}`);
    const thread = staff.getByRole('article', { name: 'Service request from Grace' });
    await visible(thread.getByText('The printer jams.'));
    await thread.getByLabel('Your reply').fill('Which tray?');
    await thread.getByRole('button', { name: 'Send Reply' }).click();
    // The thread shows the reply from its live event while the answer is held.
    await visible(thread.getByText('Which tray?', { exact: true }));
    await thread.getByLabel('Internal note (not shown to the client)').check();
    await thread.getByLabel('Internal note', { exact: true }).fill('Tray 2 again');
    release();
    await expect.poll(() => thread.getByRole('button', { name: 'Add Note' }).isVisible()).toBe(true);
    expect(await thread.getByLabel('Internal note (not shown to the client)').isChecked()).toBe(true);
    expect(await thread.getByLabel('Internal note', { exact: true }).inputValue()).toBe('Tray 2 again');
  });

  it('staff propose a consultation time and the client confirms it', async () => {
    const client = await browser.newPage();
    const grace = await loggedInAs(client, server, { firstName: 'Grace', email: 'grace.e2e@example.com' });
    // Booked as the site books it: what it is about and when suits the client, kept with the payment (decision 200).
    await server.db('consultation_bookings').insert({
      userId: grace.user.id,
      paymentId: 'demo_pi_e2e_consultation',
      topic: 'Wi-Fi drops in the warehouse',
      preferredTimes: 'Tuesday mornings',
    });
    // Filed as a paid consultation is: the payment id and the instruction to staff are an internal note.
    await server.db.transaction((trx) =>
      applyConsultationPayment(
        trx,
        {
          provider: 'demo',
          paymentId: 'demo_pi_e2e_consultation',
          status: 'succeeded',
          amountCents: 19900,
          currency: 'usd',
          metadata: { purpose: 'consultation', user_id: grace.user.id },
        },
        createLogger('silent'),
        { staffAlertEmails: [] },
      ),
    );
    const ticket = await server.db('tickets').where({ userId: grace.user.id }).first();
    await client.goto(`${server.url}/portal/request?id=${ticket.id}`);
    await visible(client.getByText('We will contact you to agree a time.', { exact: false }));
    expect(await client.content()).not.toMatch(/demo_pi_|Contact the client/);

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    await staff.goto(`${server.url}/admin/service-requests?id=${ticket.id}`);
    const page = staff.getByRole('article', { name: 'Service request from Grace' });
    await visible(page.getByText('Paid', { exact: true }));
    await visible(page.getByText('Paid by payment demo_pi_e2e_consultation. Contact the client to schedule it.'));
    // The booking's answers as fields, above the time to propose.
    const booking = page.getByRole('region', { name: 'Consultation booking' });
    await visible(booking.getByText('Wi-Fi drops in the warehouse', { exact: true }));
    await visible(booking.getByText('Tuesday mornings', { exact: true }));
    const form = page.getByRole('form', { name: 'Propose a consultation time' });
    await form.getByLabel('Date').fill(firstDay);
    await form.getByLabel('Time', { exact: true }).fill('14:30');
    // The picker starts at this browser's zone — UTC as "UTC", not the list's first zone — and searches (issue 29).
    const zone = form.getByLabel('Time zone', { exact: true });
    const pageZone = await staff.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await zone.inputValue()).toBe(['UTC', 'Etc/UTC'].includes(pageZone) ? 'UTC' : pageZone);
    expect(await zone.locator('option').first().textContent()).toBe('UTC — Coordinated Universal Time');
    await form.getByLabel('Search time zones').fill('phoenix');
    await expect.poll(() => zone.inputValue()).toBe('America/Phoenix');
    expect(await zone.locator('option:checked').textContent()).toMatch(/^America\/Phoenix — Mountain Standard Time/);
    await form.getByLabel('Length').selectOption('60');
    await form.getByRole('button', { name: 'Propose Time' }).click();
    await visible(page.getByText('Proposed consultation time'));

    await client.goto(`${server.url}/portal/request?id=${ticket.id}`);
    const card = client.getByRole('region', { name: 'Consultation time' });
    await visible(
      card.getByText(new RegExp(`${spelled(firstDay)} at 2:30\\s?PM \\(Mountain Standard Time\\), 60 minutes`)),
    );
    await card.getByRole('button', { name: 'Confirm This Time' }).click();
    await visible(card.getByText('Consultation confirmed'));
    const ics = await client.request.get(`${server.url}/api/service-requests/${ticket.id}/consultation.ics`);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain(`DTSTART:${compact(firstDay)}T213000Z`);
    // Staff see it confirmed, live.
    await visible(page.getByText('Consultation confirmed'));
    // The client's confirmation mail carries the calendar file.
    await expect
      .poll(
        () =>
          sink
            .to('grace.e2e@example.com')
            .filter((m) => m.parsed.subject === `Your consultation is confirmed (T-${ticket.number})`).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const confirmed = sink
      .to('grace.e2e@example.com')
      .find((m) => m.parsed.subject === `Your consultation is confirmed (T-${ticket.number})`)!;
    expect(confirmed.parsed.attachments.map((a) => a.filename)).toEqual(['consultation.ics']);
    expect(confirmed.parsed.attachments[0]!.content.toString('utf8')).toContain(`DTSTART:${compact(firstDay)}T213000Z`);
  });

  it('the client confirms the proposed time from the email in one click, logged out; a second click changes nothing', async () => {
    const owner = await browser.newPage();
    const linus = await loggedInAs(owner, server, { firstName: 'Linus', email: 'linus.e2e@example.com' });
    const ticket = await buildTicket(server.db, linus.user, {
      service: 'Technical Consultation - 1 Hour',
      providerPaymentId: 'pi_e2e_consultation_link',
    });
    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    const proposed = await staff.request.post(`${server.url}/api/admin/service-requests/${ticket.id}/consultation`, {
      data: { date: secondDay, time: '09:15', timeZone: 'Asia/Tokyo', durationMinutes: 90 },
      headers: { Origin: server.url },
    });
    expect(proposed.status()).toBe(201);

    // The proposal email's button is the one-click link.
    const { number } = await server.db('tickets').where({ id: ticket.id }).first();
    const subject = `Please confirm your consultation time (T-${number})`;
    await expect
      .poll(() => sink.to('linus.e2e@example.com').filter((m) => m.parsed.subject === subject).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const text = sink.to('linus.e2e@example.com').find((m) => m.parsed.subject === subject)!.parsed.text ?? '';
    const link = /(http:\/\/\S+\/confirm-consultation\?token=[A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(link, text).toBeDefined();
    const status = async () =>
      (await server.db('consultation_proposals').where({ ticketId: ticket.id }).first()).status as string;

    // A mail scanner fetching the link confirms nothing.
    const scanner = await browser.newPage();
    expect((await scanner.request.get(link!)).status()).toBe(200);
    expect(await status()).toBe('proposed');

    // Logged out (another browser), the page shows the time and one button.
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(link!);
      await visible(page.getByText(new RegExp(`${spelled(secondDay)} at 9:15\\s?AM \\(Japan Standard Time\\)`)));
      await visible(page.getByText('90 minutes'));
      expect(await axeViolations(page)).toEqual([]);
      expect(await status()).toBe('proposed');
      if (width === 1280) {
        await page.getByRole('button', { name: 'Confirm this time' }).click();
        await visible(page.getByRole('status').filter({ hasText: /Your consultation is confirmed for/ }));
        expect(await status()).toBe('confirmed');
      }
    }

    // Used: opening it again says so, and nothing changes.
    const again = await browser.newPage();
    await again.goto(link!);
    await visible(again.getByRole('alert').filter({ hasText: 'This time is already confirmed' }));
    const events = await server.db('ticket_events').where({
      ticketId: ticket.id,
      kind: 'consultation_confirmed',
    });
    expect(events).toHaveLength(1);
    // The client gets the calendar file, as from the portal.
    await expect
      .poll(
        () =>
          sink
            .to('linus.e2e@example.com')
            .filter((m) => m.parsed.subject === `Your consultation is confirmed (T-${number})`).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const confirmed = sink
      .to('linus.e2e@example.com')
      .find((m) => m.parsed.subject === `Your consultation is confirmed (T-${number})`)!;
    expect(confirmed.parsed.attachments[0]!.content.toString('utf8')).toContain(
      `DTSTART:${compact(secondDay)}T001500Z`,
    );

    // A made-up token: a clear message.
    const wrong = await browser.newPage();
    await wrong.goto(`${server.url}/confirm-consultation?token=${'x'.repeat(43)}`);
    await visible(wrong.getByRole('alert').filter({ hasText: 'This confirmation link is not valid.' }));
  });

  it('staff see the chat visitor’s current page live, and turn the chat into a ticket', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/services`);
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    const panel = visitor.getByRole('region', { name: 'Live Chat' });
    await panel.getByLabel('Name').fill('Lin');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await visible(panel.getByRole('status').filter({ hasText: /^Connected$/ }));
    await panel.getByRole('textbox', { name: 'Message' }).fill('Do you install Wi-Fi in warehouses?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await visible(panel.getByText('Do you install Wi-Fi in warehouses?'));
    // Escape closes the open widget.
    await visitor.keyboard.press('Escape');
    await visible(visitor.getByRole('button', { name: 'Open live chat' }));

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    await staff.goto(`${server.url}/admin/chat`);
    await staff.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Lin/ }).click();
    const bar = staff.getByRole('group', { name: 'Visitor' });
    await visible(bar.getByText('Started on /services'));
    await expect.poll(() => bar.getByTestId('visitor-current-page').textContent()).toBe('/services');

    // The visitor moves on, in the app (no reload).
    await visitor.getByRole('link', { name: 'About' }).first().click();
    await expectPath(visitor, '/about');
    await expect.poll(() => bar.getByTestId('visitor-current-page').textContent(), { timeout: 10_000 }).toBe('/about');

    await bar.getByRole('button', { name: 'Make a Ticket' }).click();
    await visible(bar.getByRole('link', { name: 'Open its ticket' }));
    const ticket = await server.db('tickets').whereNotNull('chatConversationId').orderBy('createdAt', 'desc').first();
    expect(ticket.message).toContain('Lin: Do you install Wi-Fi in warehouses?');
    await bar.getByRole('link', { name: 'Open its ticket' }).click();
    await expectPath(staff, `/admin/service-requests?id=${ticket.id}`);
    await visible(staff.getByText(/Lin: Do you install Wi-Fi in warehouses\?/));
  });

  it('a ticket goes at risk and then breaches its service level: the badge and the alert appear (decision 192)', async () => {
    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Sam' });
    // A short policy, and business hours covering now: open every day but the minute before midnight, in a zone
    // where midnight is hours away.
    const zone = ['UTC', 'Asia/Tokyo'].find((name) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: name, hour: 'numeric', hourCycle: 'h23' }).format(),
      );
      return hour >= 2 && hour <= 21;
    })!;
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const put = async (path: string, data: unknown) => {
      const res = await staff.request.put(`${server.url}${path}`, { data, headers: { Origin: server.url } });
      expect(res.status()).toBe(200);
    };
    // The other tests' requests are closed first: with a one-minute target they would all breach at once.
    await server.db('tickets').whereNotIn('status', ['completed', 'cancelled']).update({ status: 'cancelled' });
    // Open chats too: the badge counts chats at risk and breached as well, and these hours would soon breach them.
    await server
      .db('chat_conversations')
      .where({ status: 'active' })
      .update({ status: 'closed', closedAt: new Date() });
    await put('/api/admin/settings/business-hours', {
      timeZone: zone,
      weekly: days.map((day) => ({ day, opens: '00:00', closes: '23:59' })),
      holidays: [],
    });
    const levels = (await (await staff.request.get(`${server.url}/api/admin/settings/service-levels`)).json()) as {
      default: Record<string, unknown>;
    };
    await put('/api/admin/settings/service-levels', {
      ...levels,
      default: { ...levels.default, normal: { firstResponseMinutes: 1, resolutionMinutes: 5 } },
    });
    await staff.goto(`${server.url}/admin`);
    await visible(staff.getByRole('heading', { name: 'Dashboard', level: 1 }));

    // A request nobody holds, made 40 seconds ago: at risk at 48 s, breached at 60 s. Every online admin is alerted.
    const id = await server.db.transaction(async (trx) => {
      const made = await createTicket(trx, {
        userId: null,
        name: 'Omar Late',
        email: 'omar.e2e@example.com',
        service: 'Field IT Services',
        message: 'The server room is flooding.',
      });
      await trx('tickets')
        .where({ id: made! })
        .update({ createdAt: trx.raw(`clock_timestamp() - interval '40 seconds'`) });
      await refreshTicketClock(trx, made!);
      return made!;
    });

    // Due in about 8 and 20 seconds: the wait is the policy's, not a margin.
    await staff.getByRole('alert').filter({ hasText: 'Service request at risk' }).waitFor({ timeout: 30_000 });
    await visible(staff.getByTestId('sla-badge').filter({ hasText: 'Service levels: 1 at risk' }));
    await visible(staff.getByTestId('count-ticketsAtRisk').filter({ hasText: '1' }));

    await staff.getByRole('alert').filter({ hasText: 'Service level breached' }).waitFor({ timeout: 40_000 });
    const badge = staff.getByTestId('sla-badge').filter({ hasText: 'Service levels: 1 breached' });
    await visible(badge);
    expect(await axeViolations(staff)).toEqual([]);

    // The badge opens the open breaches; the ticket shows how long it is overdue and the breach on its timeline.
    await badge.click();
    await expectPath(staff, '/admin/service-requests?sla=breached');
    const row = staff.getByRole('list', { name: 'Service requests' }).getByRole('button', { name: /Omar Late/ });
    await visible(row.getByText('Breached', { exact: true }));
    await visible(row.getByText(/^Overdue by /));
    await row.click();
    const ticket = staff.getByRole('article', { name: 'Service request from Omar Late' });
    await visible(ticket.getByText(/recorded a missed service level\. First response target missed: it was due/));
    expect(await server.db('service_level_events').where({ ticketId: id }).pluck('kind')).toEqual([
      'at_risk',
      'breached',
    ]);
  });
});
