import type { Knex } from 'knex';
import type { seededPlans } from '../../../migrations/20261121050100_seed-subscription-plans';
import { SubscriptionPlan } from '../modules/subscriptions/subscription-plan.model';
import { buildUser, logIn } from './factories';
import type { TestApp } from './test-app';

type SeededPlanName = (typeof seededPlans)[number]['name'];

/** The seeded plans by name (every test database has them, from the migration). */
export async function seededPlan(db: Knex, name: SeededPlanName): Promise<SubscriptionPlan> {
  return SubscriptionPlan.query(db).findOne({ name }).throwIfNotFound();
}

/** A plan of a test's own, e.g. an inactive or free one. */
export async function buildPlan(
  db: Knex,
  overrides: Partial<Pick<SubscriptionPlan, 'name' | 'price' | 'isActive' | 'stripePriceId' | 'interval'>> = {},
): Promise<SubscriptionPlan> {
  return SubscriptionPlan.query(db).insertAndFetch({
    name: `Test plan ${Math.random().toString(36).slice(2, 10)}`,
    description: 'A plan made by a test.',
    price: '99.00',
    interval: 'month',
    features: ['One feature'],
    isActive: true,
    stripePriceId: null,
    ...overrides,
  });
}

/** The user's subscription rows, newest first. */
export function subscriptionRows(db: Knex, userId: string) {
  return db('subscriptions').where({ userId }).orderBy('providerCreatedAt', 'desc');
}

/** A new client account, logged in on its own agent (cookie jar). */
export async function loggedInClient(t: Pick<TestApp, 'agent' | 'db'>, options: Parameters<typeof buildUser>[1] = {}) {
  const built = await buildUser(t.db, options);
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, user: built.user };
}
