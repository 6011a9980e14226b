import { formatPrice } from '@shared/money';
import { migrateToLatest } from '../db/database';
import { createStripeClient } from '../modules/payments/stripe-client';
import { syncPlansToStripe } from '../modules/subscriptions/plan-sync.service';
import { SubscriptionPlan } from '../modules/subscriptions/subscription-plan.model';
import { ProviderFailure } from '../modules/subscriptions/subscription-provider';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run stripe:sync-plans

Creates the Stripe Product and recurring Price of every active subscription
plan that does not have one yet (or whose price or interval changed), and
stores the price id on the plan. Safe to run again. Needs STRIPE_SECRET_KEY
and the database the server uses (DATABASE_URL, or the embedded one).`;

await withDatabase(async (db, config) => {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(usage);
    return;
  }
  const stripe = createStripeClient(config);
  if (!stripe) throw new CommandError(`STRIPE_SECRET_KEY is not set.\n\n${usage}`);
  await migrateToLatest(db);
  try {
    const results = await syncPlansToStripe(db, stripe);
    if (results.length === 0) console.log('No active plans.');
    for (const result of results) {
      const plan = await SubscriptionPlan.query(db).findOne({ name: result.plan });
      const price = plan ? `${formatPrice(plan.price)}/${plan.interval}` : '';
      console.log(`${result.plan.padEnd(20)} ${result.action.padEnd(9)} ${result.priceId} ${price}`);
    }
  } catch (err) {
    if (err instanceof ProviderFailure)
      throw new CommandError(`Stripe refused or could not be reached: ${err.message}`);
    throw err;
  }
});
