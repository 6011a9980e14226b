import { describe, expect, it } from 'vitest';
import { buildProduct } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { clientPaysThroughApi } from './support/orders';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

// The demo payment provider (no Stripe keys): refunds settle at once.
const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

describe('refunds from the console', () => {
  it('staff refund part of a paid order: the timeline records it, and the client sees the refund on the order', async () => {
    const buyer = await buildUser(server.db, { firstName: 'Lin', email: 'lin.refund@example.com' });
    const product = await buildProduct(server.db, { name: 'Refund Test Switch', price: '120.00' });
    const client = await browser.newPage();
    const order = await clientPaysThroughApi(client, server.url, buyer, [{ id: product.id, quantity: 2 }]);

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Grace' });
    await staff.goto(`${server.url}/admin/orders/${order.id}`);
    await visible(staff.getByRole('heading', { name: `Order ${order.number}`, level: 1 }));
    const panel = staff.getByRole('region', { name: 'Order actions' });
    await visible(panel.getByText('Refunded $0.00;', { exact: false }));

    // More than was paid is refused before anything is sent.
    await panel.getByLabel('Amount to refund (USD)').fill('99999.00');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await visible(panel.getByText(/^At most \$[\d,.]+ can be refunded\.$/));
    expect(await server.db('refunds').where({ orderId: order.id })).toEqual([]);

    await panel.getByLabel('Amount to refund (USD)').fill('25.00');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await visible(panel.getByText('Refund $25.00 to the client', { exact: false }));
    await panel.getByRole('button', { name: 'Confirm refund' }).click();
    await visible(toast(staff, 'Refund Sent'));
    await visible(panel.getByRole('list', { name: 'Refunds' }).getByText('$25.00 · Refunded'));
    await visible(panel.getByText('Refunded $25.00;', { exact: false }));
    const timeline = staff.getByRole('list', { name: 'Timeline' });
    await visible(timeline.getByText('Refund of $25.00 requested'));
    await visible(timeline.getByText('Refunded $25.00 (in all $25.00)'));
    await visible(timeline.getByText('Refund notice emailed to lin.refund@example.com'));
    // The client is emailed (through the outbox).
    expect(
      await server.db('mails').where({ template: 'order-refund', recipient: 'lin.refund@example.com' }),
    ).toHaveLength(1);
    expect(await axeViolations(staff)).toEqual([]);

    // The client, from the portal, opens the order: the refund is there.
    await client.goto(`${server.url}/portal`);
    await client
      .getByRole('link', { name: /^Order NS-/ })
      .first()
      .click();
    await expectPath(client, `/order-confirmation?order=${order.id}`);
    await visible(client.getByRole('heading', { name: `Order ${order.number}` }));
    await visible(client.getByRole('list', { name: 'Refunds' }).getByText(/^Refund of \$25\.00: refunded \(/));
  });
});
