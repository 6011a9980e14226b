import type { Knex } from 'knex';

/** Orders refunded in full have the status `refunded` (decision 107), beside the fulfilment statuses (20261123100100). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table orders drop constraint orders_status_check');
  await knex.raw(
    `alter table orders add constraint orders_status_check
     check (status in ('pending', 'paid', 'payment_failed', 'expired', 'completed',
       'processing', 'shipped', 'delivered', 'cancelled', 'refunded'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update orders set status = 'paid' where status = 'refunded'`);
  await knex.raw('alter table orders drop constraint orders_status_check');
  await knex.raw(
    `alter table orders add constraint orders_status_check
     check (status in ('pending', 'paid', 'payment_failed', 'expired', 'completed',
       'processing', 'shipped', 'delivered', 'cancelled'))`,
  );
}
