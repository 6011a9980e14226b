import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { toCents } from '@shared/money';
import { recordAudit, systemActor, type AuditActor } from '../audit/audit-log';
import { isMissing, stripeCall } from './stripe-subscription-sync';
import { SubscriptionPlan } from './subscription-plan.model';
import { listActivePlans } from './subscriptions.service';

interface PlanSyncResult {
  plan: string;
  /** created: the plan had no price; replaced: its price or interval changed; unchanged: nothing to do. */
  action: 'created' | 'replaced' | 'unchanged';
  priceId: string;
}

/** Our Stripe Product for a plan has a fixed id, so running the sync twice never makes two. */
export const productIdFor = (plan: Pick<SubscriptionPlan, 'id'>) => `northstar_plan_${plan.id}`;

async function ensureProduct(stripe: Stripe, plan: SubscriptionPlan): Promise<string> {
  const id = productIdFor(plan);
  const fields = { name: plan.name, description: plan.description };
  try {
    const product = await stripeCall(() => stripe.products.retrieve(id));
    if (product.name !== fields.name || product.description !== fields.description) {
      await stripeCall(() => stripe.products.update(id, fields));
    }
  } catch (err) {
    if (!isMissing(err)) throw err;
    await stripeCall(() => stripe.products.create({ id, ...fields, metadata: { plan_id: plan.id } }));
  }
  return id;
}

function matches(price: Stripe.Price, plan: SubscriptionPlan): boolean {
  return (
    price.active &&
    price.currency === 'usd' &&
    price.unit_amount === toCents(plan.price) &&
    price.recurring?.interval === plan.interval &&
    price.recurring.interval_count === 1
  );
}

/**
 * Gives every active plan a Stripe Product and a recurring Price for its
 * current amount and interval, and stores the price id on the plan. Stripe
 * prices cannot change, so a plan whose price changed gets a new Price (found
 * again by its lookup key if it already exists) and the old one is archived;
 * existing subscribers keep their old price until they change plans. Each
 * plan's new price is recorded in the audit log (`plan.price_synced`) with
 * the stored price id.
 */
export async function syncPlansToStripe(
  db: Knex,
  stripe: Stripe,
  actor: AuditActor = systemActor('cli'),
): Promise<PlanSyncResult[]> {
  const results: PlanSyncResult[] = [];
  const plans = await listActivePlans(db);
  for (const plan of plans) {
    const product = await ensureProduct(stripe, plan);
    const previousId = plan.stripePriceId;
    let previous: Stripe.Price | null = null;
    if (previousId) {
      try {
        previous = await stripeCall(() => stripe.prices.retrieve(previousId));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    if (previous && matches(previous, plan)) {
      results.push({ plan: plan.name, action: 'unchanged', priceId: previous.id });
      continue;
    }
    const amount = toCents(plan.price);
    const lookupKey = `northstar_plan_${plan.id}_${plan.interval}_${amount}`;
    const found = await stripeCall(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
    const price =
      found.data.find((candidate) => matches(candidate, plan)) ??
      // The lookup key (moved to the new price) keeps one current price per plan, amount and interval.
      (await stripeCall(() =>
        stripe.prices.create({
          product,
          currency: 'usd',
          unit_amount: amount,
          recurring: { interval: plan.interval },
          lookup_key: lookupKey,
          transfer_lookup_key: true,
          metadata: { plan_id: plan.id },
        }),
      ));
    await db.transaction(async (trx) => {
      await SubscriptionPlan.query(trx).patch({ stripePriceId: price.id }).where({ id: plan.id });
      await recordAudit(trx, actor, {
        action: 'plan.price_synced',
        recordType: 'subscription_plan',
        recordId: plan.id,
        before: { stripePriceId: previousId },
        after: { stripePriceId: price.id, price: plan.price, interval: plan.interval },
      });
    });
    if (previous?.active) await stripeCall(() => stripe.prices.update(previous.id, { active: false }));
    results.push({ plan: plan.name, action: previousId ? 'replaced' : 'created', priceId: price.id });
  }
  return results;
}
