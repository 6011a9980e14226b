import type { Knex } from 'knex';

/**
 * `stripe_payment_id` holds the demo provider's payment ids as well as Stripe's
 * (decision 205): on orders and on service requests (a paid consultation's
 * ticket) it becomes `provider_payment_id`, its unique constraint with it. The
 * provider that made the id is `orders.payment_provider`. Data is unchanged.
 */
const tables = ['orders', 'service_requests'];

export async function up(knex: Knex): Promise<void> {
  for (const table of tables) {
    await knex.schema.alterTable(table, (t) => t.renameColumn('stripe_payment_id', 'provider_payment_id'));
    await knex.raw(
      `alter table ${table} rename constraint ${table}_stripe_payment_id_unique to ${table}_provider_payment_id_unique`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of tables.toReversed()) {
    await knex.raw(
      `alter table ${table} rename constraint ${table}_provider_payment_id_unique to ${table}_stripe_payment_id_unique`,
    );
    await knex.schema.alterTable(table, (t) => t.renameColumn('provider_payment_id', 'stripe_payment_id'));
  }
}
