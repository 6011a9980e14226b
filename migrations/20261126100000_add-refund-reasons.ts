import type { Knex } from 'knex';

/**
 * Refunds the application makes by itself, with no staff member asking: a
 * payment that arrives for an order cancelled meanwhile, or a second payment
 * of an order already paid, is returned in full. `reason` says why (null for
 * a refund staff asked for or one made at the provider); `payment_id` names
 * the payment refunded when it is not the order's own (the second payment);
 * the partial index finds refunds written but not yet sent to the provider,
 * which a sweep sends again after a crash (docs/decisions/158).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refunds', (t) => {
    t.text('reason');
    t.text('payment_id');
  });
  await knex.raw(
    `create index refunds_unsent_index on refunds (created_at)
     where status = 'pending' and provider_refund_id is null and reason is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists refunds_unsent_index');
  await knex.schema.alterTable('refunds', (t) => {
    t.dropColumn('payment_id');
    t.dropColumn('reason');
  });
}
