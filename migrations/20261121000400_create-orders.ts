import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Orders are financial records: a user who has any cannot be deleted.
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.text('status').notNullable().defaultTo('pending');
    t.decimal('subtotal_amount', 10, 2).notNullable();
    t.decimal('tax_amount', 10, 2).notNullable();
    t.decimal('total_amount', 10, 2).notNullable();
    t.text('currency').notNullable().defaultTo('usd');
    t.text('payment_provider').notNullable();
    t.text('stripe_payment_id').unique();
    t.text('shipping_full_name').notNullable();
    t.text('shipping_address').notNullable();
    t.text('shipping_city').notNullable();
    t.text('shipping_state').notNullable();
    t.text('shipping_zip_code').notNullable();
    t.text('shipping_country').notNullable();
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status in ('pending', 'paid', 'payment_failed', 'expired', 'completed')`, [], 'orders_status_check');
    t.check(`payment_provider in ('stripe', 'demo')`, [], 'orders_payment_provider_check');
    t.check('subtotal_amount >= 0 and tax_amount >= 0', [], 'orders_amounts_check');
    t.check('total_amount = subtotal_amount + tax_amount', [], 'orders_total_check');
  });
  // The portal lists a user's newest orders; the expiry job scans old pending ones.
  await knex.raw('create index orders_user_id_created_at_index on orders (user_id, created_at desc)');
  await knex.raw(`create index orders_pending_created_at_index on orders (created_at) where status = 'pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('orders');
}
