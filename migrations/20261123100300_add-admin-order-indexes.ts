import type { Knex } from 'knex';

/**
 * What makes the staff lists fast at any page (keyset pagination, newest
 * first) and their searches fast at any size: (created_at, id) per status and
 * overall, and trigram indexes (pg_trgm) for "contains" searches of names and
 * email addresses (decision 101).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw('create index orders_created_at_id_index on orders (created_at desc, id desc)');
  await knex.raw('create index orders_status_created_at_id_index on orders (status, created_at desc, id desc)');
  await knex.raw(
    'create index orders_shipping_full_name_trgm_index on orders using gin (lower(shipping_full_name) gin_trgm_ops)',
  );
  await knex.raw(
    `create index users_search_trgm_index on users using gin (
      lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || username || ' ' || coalesce(email, ''))
      gin_trgm_ops)`,
  );
  await knex.raw(
    'create index users_account_type_created_at_id_index on users (account_type, created_at desc, id desc)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index users_account_type_created_at_id_index');
  await knex.raw('drop index users_search_trgm_index');
  await knex.raw('drop index orders_shipping_full_name_trgm_index');
  await knex.raw('drop index orders_status_created_at_id_index');
  await knex.raw('drop index orders_created_at_id_index');
}
