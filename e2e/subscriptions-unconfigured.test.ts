import { describe, it } from 'vitest';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, visible } from './support/ui';

// Production without Stripe keys: no demo provider, payments are not configured.
const server = useSiteServer({ env: 'production' });
const browser = useBrowser();

describe('subscribing without a payment provider', () => {
  it('shows "Subscription System Not Configured" with a way back to the plans', async () => {
    const page = await browser.newPage();
    await loggedInAs(page, server);
    const plan = await server.db('subscription_plans').where({ name: 'Professional' }).first();
    await page.goto(`${server.url}/subscribe?plan=${plan.id}`);
    await visible(page.getByRole('heading', { name: 'Subscription System Not Configured' }));
    await page.getByRole('link', { name: 'Back to Pricing' }).click();
    await expectPath(page, '/pricing');
    await visible(page.getByRole('link', { name: 'Subscribe Now' }));
  });
});
