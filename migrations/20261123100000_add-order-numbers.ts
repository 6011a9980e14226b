import type { Knex } from 'knex';

/**
 * Orders get a number people can read and say on the phone: NS-10001, NS-10002, …
 * (shown as `NS-${number}`). A sequence hands them out; existing orders are
 * numbered here, oldest first. Sequences can skip a number when a transaction
 * rolls back: these are names, not an accounting series (invoices have their own).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence order_number_seq start with 10001');
  await knex.schema.alterTable('orders', (t) => {
    t.bigInteger('number');
  });
  await knex.raw(
    `update orders set number = numbered.n
       from (select id, nextval('order_number_seq') as n
               from (select id from orders order by created_at, id) oldest_first) numbered
      where orders.id = numbered.id`,
  );
  await knex.raw(`alter table orders alter column number set default nextval('order_number_seq')`);
  await knex.raw('alter table orders alter column number set not null');
  await knex.raw('alter sequence order_number_seq owned by orders.number');
  await knex.raw('create unique index orders_number_unique on orders (number)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('number');
  });
}
