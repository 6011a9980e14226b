import type { Knex } from 'knex';

/**
 * Refunds of paid orders, full or partial, by amount or by lines. A refund is
 * written (pending) before the provider is asked, so the amount it reserves
 * counts at once against what can still be refunded; the provider's reports
 * (Stripe's refund webhooks, or the demo provider at once) settle it. See
 * docs/decisions/107.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('RESTRICT');
    t.text('provider').notNullable();
    // re_… for Stripe, demo_re_… for the demo provider; null until the provider answers.
    t.text('provider_refund_id');
    t.decimal('amount', 10, 2).notNullable();
    t.text('status').notNullable().defaultTo('pending');
    // The lines refunded ([{ orderItemId, quantity }]), or null for a refund of an amount.
    t.jsonb('items');
    // The staff member who asked; null for a refund made at the provider (e.g. in Stripe's dashboard).
    t.uuid('requested_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('failure_reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('succeeded_at', { useTz: true });
    t.unique(['provider', 'provider_refund_id'], { indexName: 'refunds_provider_refund_id_unique' });
    t.index(['order_id', 'created_at'], 'refunds_order_id_created_at_index');
    t.check('amount > 0', [], 'refunds_amount_check');
    t.check(`status in ('pending', 'succeeded', 'failed', 'canceled')`, [], 'refunds_status_check');
    t.check(`provider in ('stripe', 'demo')`, [], 'refunds_provider_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('refunds');
}
