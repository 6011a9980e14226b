import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatTicketNumber } from '../shared/src/schemas/tickets';
import { buildProduct } from '../api/src/test/commerce-factories';
import { buildUser } from '../api/src/test/factories';
import { buildTicket } from '../api/src/test/ticket-factories';
import { ALWAYS_OPEN, storeBusinessHours, todayIn } from '../api/src/test/business-hours';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { clientPaysThroughApi } from './support/orders';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

/*
 * Canned replies in the console's composers and the away reply (issue 26,
 * decision 188): `/` opens the list, ↑ ↓ Enter choose, the reply is inserted
 * at the cursor with its variables filled and stays editable; a placeholder
 * left unfilled is a warning and is not sent. On a holiday a new chat gets one
 * automatic away message.
 */

const server = useSiteServer();
const browser = useBrowser();

function widget(page: Page) {
  return page.getByRole('region', { name: 'Live Chat' });
}

async function shared(shortcut: string, title: string, body: string): Promise<void> {
  await server.db('canned_replies').insert({ shortcut, title, body });
}

/** Types `/query` at the end of the text box and waits for the list. */
async function openPicker(page: Page, input: Locator, query: string): Promise<Locator> {
  await input.focus();
  await input.press('End');
  await input.pressSequentially(`/${query}`);
  return visible(page.getByRole('listbox', { name: 'Canned replies' }));
}

describe('canned replies in the console', () => {
  it('inserts a reply with its variables in a chat, by keyboard, and keeps it editable', async () => {
    await shared('greet', 'Greeting', 'Hi {{customer.firstName}}! {{staff.firstName}} here.');
    await shared('phone', 'Phone number', 'Call us at {{company.phone}}.');
    await shared('order', 'Order status', 'About {{order.number}}: it ships today.');

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/login`);
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    await widget(visitor).getByLabel('Name').fill('Ada Lovelace');
    await widget(visitor).getByRole('button', { name: 'Start Chat' }).click();
    await visible(
      widget(visitor)
        .getByRole('status')
        .filter({ hasText: /^Connected$/ }),
    );

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', staffRole: 'support', firstName: 'Sam' });
    await staff.goto(`${server.url}/admin/chat`);
    await staff
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Ada Lovelace/ })
      .click();
    const window = staff.getByRole('region', { name: 'Conversation with Ada Lovelace' });
    await visible(window.getByRole('status').filter({ hasText: /^Connected$/ }));
    const input = window.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => input.isEnabled()).toBe(true);

    await input.fill('Hello. ');
    const list = await openPicker(staff, input, '');
    expect(await list.getByRole('option').allTextContents()).toEqual([
      expect.stringContaining('/greet'),
      expect.stringContaining('/order'),
      expect.stringContaining('/phone'),
    ]);
    // Filtered as you type; Esc closes the list and leaves the text alone.
    await input.pressSequentially('ph');
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    await input.press('Escape');
    await expect.poll(() => staff.getByRole('listbox', { name: 'Canned replies' }).count()).toBe(0);
    expect(await input.inputValue()).toBe('Hello. /ph');
    await input.fill('');

    const picker = await openPicker(staff, input, 'g');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await input.press('ArrowDown');
    await expect.poll(() => picker.getByRole('option', { selected: true }).textContent()).toContain('/greet');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('Hi Ada! Sam here.');
    // Still editable before sending.
    await input.press('End');
    await input.pressSequentially(' How can I help?');
    await input.press('Enter');
    await visible(widget(visitor).getByText('Hi Ada! Sam here. How can I help?'));

    // A variable this chat has no value for (an anonymous visitor has no order) is a warning, and is not sent.
    await openPicker(staff, input, 'order');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('About {{order.number}}: it ships today.');
    await visible(window.getByText('Fill in or remove before sending: {{order.number}}.'));
    await input.press('Enter');
    await input.fill('Your order ships today.');
    await input.press('Enter');
    await visible(widget(visitor).getByText('Your order ships today.'));
    const sent = await server.db('chat_messages').where({ senderType: 'admin' }).orderBy('seq').pluck('message');
    expect(sent).toEqual(['Hi Ada! Sam here. How can I help?', 'Your order ships today.']);
  });

  it("inserts a reply with the ticket's number and the customer's latest order in a ticket reply", async () => {
    await shared(
      'status',
      'Ticket status',
      'Dear {{customer.name}}, {{ticket.number}} is on it; order {{order.number}}.',
    );
    const client = await browser.newPage();
    const buyer = await buildUser(server.db, { firstName: 'Grace', email: 'grace@example.com' });
    const product = await buildProduct(server.db);
    const order = await clientPaysThroughApi(client, server.url, buyer, [{ id: product.id, quantity: 1 }]);
    const orderNumber = (await server.db('orders').where({ id: order.id }).first()).number as string;
    const ticket = await buildTicket(server.db, buyer.user, { name: 'Grace Hopper' });
    const ticketNumber = formatTicketNumber((await server.db('tickets').where({ id: ticket.id }).first()).number);

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', staffRole: 'support', firstName: 'Sam' });
    await staff.goto(`${server.url}/admin/service-requests?id=${ticket.id}`);
    const article = staff.getByRole('article', { name: 'Service request from Grace Hopper' });
    const reply = article.getByLabel('Your reply');
    await reply.fill('Thanks. ');
    await openPicker(staff, reply, 'stat');
    await reply.press('Enter');
    const expected = `Thanks. Dear Grace Hopper, ${ticketNumber} is on it; order NS-${orderNumber}.`;
    await expect.poll(() => reply.inputValue()).toBe(expected);
    await article.getByRole('button', { name: 'Send Reply' }).click();
    await visible(article.getByText(expected));
  });
});

describe('the away reply', () => {
  it('greets a chat started on a holiday once, saying when the team is back', async () => {
    const admin = await browser.newPage();
    await loggedInAs(admin, server, { accountType: 'staff' });
    const put = await admin.request.put(`${server.url}/api/admin/settings/business-hours`, {
      data: { ...ALWAYS_OPEN, holidays: [{ date: todayIn('America/Chicago'), name: 'Founders Day' }] },
      headers: { Origin: server.url },
    });
    expect(put.status()).toBe(200);

    // Issue 29 item 13: at 1280×800 the away panel cut off its Start Chat button.
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`${server.url}/contact`);
    await visible(visitor.getByText(/^Closed today for Founders Day/));
    await visitor.getByRole('button', { name: 'Open live chat' }).click();
    const panel = widget(visitor);
    await visible(panel.getByText("We're closed today for Founders Day. We're back tomorrow at 12:00 AM Central."));
    const panelBox = (await panel.boundingBox())!;
    const buttonBox = (await panel.getByRole('button', { name: 'Start Chat' }).boundingBox())!;
    expect(buttonBox.y).toBeGreaterThanOrEqual(panelBox.y);
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
    await panel.getByLabel('Name').fill('Hedy Lamarr');
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await visible(panel.getByRole('status').filter({ hasText: /^Connected$/ }));
    const away = panel.getByText(/^Thanks for your message! We're closed today for Founders Day\./);
    await visible(away);
    await visible(panel.getByText(/Automatic reply/));
    // A reload reopens the chat with its history; writing again brings no second one.
    await visitor.reload();
    await visible(away);
    await visible(panel.getByRole('status').filter({ hasText: /^Connected$/ }));
    await panel.getByRole('textbox', { name: 'Message' }).fill('Is anyone there?');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await visible(panel.getByText('Is anyone there?'));
    expect(await away.count()).toBe(1);
    const conversation = await server.db('chat_conversations').where({ visitorName: 'Hedy Lamarr' }).first();
    expect(await server.db('chat_messages').where({ conversationId: conversation.id, automatic: 'away' })).toHaveLength(
      1,
    );
    await storeBusinessHours(server.db, ALWAYS_OPEN);
  });
});
