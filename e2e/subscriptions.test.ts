import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../api/src/test/config';
import { axeViolations } from './support/axe';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

// The demo payment provider (no Stripe keys, not production).
const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

type Page = Awaited<ReturnType<typeof browser.newPage>>;

function planCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true, level: 2 }) });
}

function subscriptionCard(page: Page) {
  return page.getByRole('heading', { name: 'Subscription', exact: true }).locator('xpath=../..');
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
}

/** The renewal date as the portal shows it, from the subscription row. */
async function periodEnd(userId: string): Promise<string> {
  const row = await server.db('subscriptions').where({ userId }).orderBy('providerCreatedAt', 'desc').first();
  return new Date(row.currentPeriodEnd).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

describe('subscription plans in the browser (demo provider)', () => {
  it('shows visitors the plans with Sign In to Subscribe, Most Popular on Professional and Contact Sales', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/pricing`);
    await visible(page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }));
    for (const name of ['Essentials', 'Professional', 'Enterprise']) {
      const card = planCard(page, name);
      await visible(card.getByRole('link', { name: 'Sign In to Subscribe' }));
      expect(await card.getByText(/^\$[\d,]+\.00$/).count()).toBe(1);
    }
    await visible(planCard(page, 'Professional').getByText('Most Popular'));
    await visible(planCard(page, 'Professional').getByText('$1,299.00'));
    expect(await planCard(page, 'Essentials').getByText('Most Popular').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Subscribe Now' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');
    expect(await axeViolations(page)).toEqual([]);

    await planCard(page, 'Enterprise').getByRole('link', { name: 'Sign In to Subscribe' }).click();
    await expectPath(page, '/login?next=%2Fpricing');

    // Subscribing needs a login too; without a plan, /subscribe goes to the pricing page.
    await page.goto(`${server.url}/subscribe?plan=00000000-0000-4000-8000-000000000000`);
    await visible(toast(page, 'Login Required'));
    await page.waitForURL(/\/login\?next=/);
    await page.goto(`${server.url}/subscribe`);
    await expectPath(page, '/pricing');
  });

  it('subscribes, shows Active and Renews on, cancels to Ends on, and renews from the pricing page', async () => {
    const page = await browser.newPage();
    const { user } = await loggedInAs(page, server, { firstName: 'Grace' });

    await page.goto(`${server.url}/subscribe?plan=00000000-0000-4000-8000-000000000000`);
    await visible(page.getByRole('heading', { name: 'Plan Not Found' }));
    await page.getByRole('link', { name: 'Back to Pricing' }).click();
    await expectPath(page, '/pricing');

    await planCard(page, 'Professional').getByRole('link', { name: 'Subscribe Now' }).click();
    await expectPath(page, /^\/subscribe\?plan=[0-9a-f-]{36}$/);
    const summary = page.getByRole('complementary', { name: 'Plan summary' });
    await visible(summary.getByText('Professional Plan'));
    await visible(summary.getByText('$1,299.00 / month'));
    await visible(page.getByText('Demo payment — no real charge'));
    expect(await axeViolations(page)).toEqual([]);

    await payWithCard(page, '4000 0000 0000 0002');
    await visible(toast(page, 'Subscription Failed'));
    await visible(page.getByRole('alert').filter({ hasText: 'Payment not completed: Your card was declined.' }));
    await payWithCard(page, '4242 4242 4242 4242');
    await visible(toast(page, 'Subscription Successful'));
    await expectPath(page, '/portal');

    const card = subscriptionCard(page);
    await visible(card.getByText('Professional'));
    await visible(card.getByText('Active', { exact: true }));
    await visible(card.getByText('Renews on'));
    await visible(card.getByText(await periodEnd(user.id)));
    await visible(card.getByRole('link', { name: 'Upgrade Plan' }));
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await visible(toast(page, 'Subscription Canceled'));
    await visible(page.getByText('Your subscription will end at the end of the billing period.'));
    await visible(card.getByText('Ends on'));
    // Still running until the period ends: "Ending on …", no longer "Active".
    await visible(card.getByText(`Ending on ${await periodEnd(user.id)}`, { exact: true }));
    expect(await card.getByText('Active', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await card.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    expect(await card.getByText('Renews on').count()).toBe(0);

    await card.getByRole('link', { name: 'Renew Plan' }).click();
    await expectPath(page, '/pricing');
    const professional = planCard(page, 'Professional');
    await visible(professional.getByText('Your plan'));
    await visible(planCard(page, 'Essentials').getByRole('link', { name: 'Switch Plan' }));
    await professional.getByRole('button', { name: 'Renew' }).click();
    await visible(toast(page, 'Subscription Successful'));
    await expectPath(page, '/portal');
    await visible(card.getByText('Renews on'));
    await visible(card.getByRole('button', { name: 'Cancel Subscription' }));

    const rows = await server.db('subscriptions').where({ userId: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await server.db('users').where({ id: user.id }).first()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Professional',
    });
  });
});
