import type { Knex } from 'knex';

const STATUSES = `'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'`;

export async function up(knex: Knex): Promise<void> {
  // One row per subscription at the payment provider (a Stripe subscription, or a demo one),
  // mirroring the provider's state. The users' subscription columns summarise the current row.
  await knex.schema.createTable('subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Billing history: a user who has any subscription cannot be deleted.
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.text('provider').notNullable();
    // sub_… at Stripe, demo_sub_… for the demo provider.
    t.text('provider_subscription_id').notNullable().unique();
    // Null when the provider reports a price that no plan of ours carries.
    t.uuid('plan_id').references('id').inTable('subscription_plans').onDelete('RESTRICT');
    t.text('provider_price_id');
    t.text('status').notNullable();
    t.timestamp('current_period_start', { useTz: true });
    t.timestamp('current_period_end', { useTz: true });
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    // A fixed end date (Stripe's cancel_at), when one is set.
    t.timestamp('cancel_at', { useTz: true });
    t.timestamp('canceled_at', { useTz: true });
    t.timestamp('ended_at', { useTz: true });
    // Stripe's latest invoice (in_…); for the demo provider, the demo payment standing for it.
    t.text('latest_invoice_id');
    // When the provider created the subscription; the newest live one is the user's plan.
    t.timestamp('provider_created_at', { useTz: true }).notNullable();
    // When the provider's state was last applied here.
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`provider in ('stripe', 'demo')`, [], 'subscriptions_provider_check');
    t.check(`status in (${STATUSES})`, [], 'subscriptions_status_check');
  });
  await knex.raw(
    'create index subscriptions_user_id_provider_created_at_index on subscriptions (user_id, provider_created_at desc)',
  );
  // The demo provider's renewals (a maintenance task) look for its active subscriptions that are due.
  await knex.raw(
    `create index subscriptions_demo_due_index on subscriptions (current_period_end)
     where provider = 'demo' and status = 'active'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscriptions');
}
