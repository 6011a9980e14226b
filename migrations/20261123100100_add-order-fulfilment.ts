import type { Knex } from 'knex';

/**
 * Fulfilment: paid → processing → shipped (carrier, tracking number) →
 * delivered, or cancelled. And the checkout attempt that made a pending order,
 * so one attempt makes at most one (a retry with the same key reuses it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table orders drop constraint orders_status_check');
  await knex.raw(
    `alter table orders add constraint orders_status_check check (status in
      ('pending', 'paid', 'payment_failed', 'expired', 'completed', 'processing', 'shipped', 'delivered', 'cancelled'))`,
  );
  await knex.schema.alterTable('orders', (t) => {
    t.text('carrier');
    t.text('tracking_number');
    t.timestamp('shipped_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.uuid('checkout_attempt_key');
  });
  await knex.raw(
    'create unique index orders_checkout_attempt_unique on orders (user_id, checkout_attempt_key) where checkout_attempt_key is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_checkout_attempt_unique');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('carrier');
    t.dropColumn('tracking_number');
    t.dropColumn('shipped_at');
    t.dropColumn('delivered_at');
    t.dropColumn('cancelled_at');
    t.dropColumn('checkout_attempt_key');
  });
  await knex.raw(`update orders set status = 'completed' where status in ('processing', 'shipped', 'delivered')`);
  await knex.raw(`update orders set status = 'expired' where status = 'cancelled'`);
  await knex.raw('alter table orders drop constraint orders_status_check');
  await knex.raw(
    `alter table orders add constraint orders_status_check check (status in ('pending', 'paid', 'payment_failed', 'expired', 'completed'))`,
  );
}
