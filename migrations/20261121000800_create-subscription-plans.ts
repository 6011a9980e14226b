import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscription_plans', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable().unique();
    t.text('description').notNullable();
    t.decimal('price', 10, 2).notNullable();
    t.text('interval').notNullable().defaultTo('month');
    t.text('stripe_price_id').unique();
    t.specificType('features', 'text[]').notNullable().defaultTo(knex.raw(`'{}'::text[]`));
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('price >= 0', [], 'subscription_plans_price_check');
    t.check(`interval in ('month', 'year')`, [], 'subscription_plans_interval_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscription_plans');
}
