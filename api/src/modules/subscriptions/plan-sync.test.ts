import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../payments/stripe-client';
import { FAKE_STRIPE_KEYS, startStripeFake } from '../../test/stripe-fake';
import { buildPlan } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { productIdFor, syncPlansToStripe } from './plan-sync.service';
import { SubscriptionPlan } from './subscription-plan.model';

const fake = await startStripeFake();
afterAll(() => fake.close());
const config = { stripe: { ...FAKE_STRIPE_KEYS, apiUrl: fake.url } };
const t = setupTestApp(config);

describe('npm run stripe:sync-plans (syncPlansToStripe)', () => {
  it('creates a Product and a monthly Price per active plan once, then leaves them alone', async () => {
    const stripe = createStripeClient(config)!;
    const retired = await buildPlan(t.db, { isActive: false });
    const first = await syncPlansToStripe(t.db, stripe);
    expect(first.map((r) => [r.plan, r.action])).toEqual([
      ['Essentials', 'created'],
      ['Professional', 'created'],
      ['Enterprise', 'created'],
    ]);
    const professional = await SubscriptionPlan.query(t.db).findOne({ name: 'Professional' }).throwIfNotFound();
    const price = fake.billing.prices.get(professional.stripePriceId!)!;
    expect(price).toMatchObject({
      product: productIdFor(professional),
      currency: 'usd',
      unit_amount: 129900,
      recurring: { interval: 'month', interval_count: 1 },
      active: true,
    });
    expect(fake.billing.products.get(productIdFor(professional))).toMatchObject({ name: 'Professional' });
    expect((await SubscriptionPlan.query(t.db).findById(retired.id))?.stripePriceId).toBeNull();
    // Each stored price id is a setting the shop sells by: the audit log names the command that set it.
    expect(await t.db('audit_log').where({ action: 'plan.price_synced', recordId: professional.id })).toEqual([
      expect.objectContaining({
        actorName: 'cli',
        actorRole: 'system',
        recordType: 'subscription_plan',
        before: { stripePriceId: null },
        after: { stripePriceId: professional.stripePriceId, price: '1299.00', interval: 'month' },
      }),
    ]);

    const requests = fake.requests.length;
    const second = await syncPlansToStripe(t.db, stripe);
    expect(second.every((r) => r.action === 'unchanged')).toBe(true);
    expect(fake.requests.slice(requests).every((r) => r.method === 'GET')).toBe(true);
    expect(fake.billing.prices.size).toBe(3);
  });

  it('gives a plan whose price changed a new Price, archives the old one, and updates the product', async () => {
    const stripe = createStripeClient(config)!;
    await syncPlansToStripe(t.db, stripe);
    const plan = await SubscriptionPlan.query(t.db).findOne({ name: 'Essentials' }).throwIfNotFound();
    await SubscriptionPlan.query(t.db)
      .patch({ price: '549.00', description: 'Updated description.' })
      .where({ id: plan.id });
    const results = await syncPlansToStripe(t.db, stripe);
    expect(results.find((r) => r.plan === 'Essentials')?.action).toBe('replaced');
    const updated = await SubscriptionPlan.query(t.db).findById(plan.id);
    expect(updated?.stripePriceId).not.toBe(plan.stripePriceId);
    expect(fake.billing.prices.get(updated!.stripePriceId!)?.unit_amount).toBe(54900);
    expect(fake.billing.prices.get(plan.stripePriceId!)?.active).toBe(false);
    expect(fake.billing.products.get(productIdFor(plan))?.description).toBe('Updated description.');

    // A price archived by hand in the dashboard is replaced by an active one.
    const archived = updated!.stripePriceId!;
    fake.billing.prices.set(archived, { ...fake.billing.prices.get(archived)!, active: false });
    const again = await syncPlansToStripe(t.db, stripe);
    expect(again.find((r) => r.plan === 'Essentials')?.action).toBe('replaced');
    const current = (await SubscriptionPlan.query(t.db).findById(plan.id))!.stripePriceId!;
    expect(current).not.toBe(archived);
    expect(fake.billing.prices.get(current)).toMatchObject({ active: true, unit_amount: 54900 });
  });

  it('runs as `npm run stripe:sync-plans`, and refuses to run without a Stripe key', async () => {
    await SubscriptionPlan.query(t.db).patch({ stripePriceId: null });
    const env = {
      ...process.env,
      DATABASE_URL: t.deps.config.databaseUrl!,
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_API_URL: fake.url,
      LOG_LEVEL: 'warn',
      // The command keeps generated secrets under DATA_DIR: not in the working tree.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sync-plans-')),
    };
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'api/src/cli/sync-stripe-plans.ts'], { env });
    expect(stdout).toMatch(/Professional\s+created\s+price_\w+ \$1,299\.00\/month/);
    expect(await SubscriptionPlan.query(t.db).where({ isActive: true }).whereNull('stripePriceId')).toHaveLength(0);

    const withoutKey = promisify(execFile)('npx', ['tsx', 'api/src/cli/sync-stripe-plans.ts'], {
      env: { ...env, STRIPE_SECRET_KEY: '' },
    });
    await expect(withoutKey).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('STRIPE_SECRET_KEY is not set'),
    });
  });
});
