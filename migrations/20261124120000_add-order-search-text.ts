import type { Knex } from 'knex';

/**
 * The staff orders search reads one column of the order itself (decision 145):
 * `orders.search_text` is the customer's names, username and email (lower-cased,
 * as the users search index has them), a unit separator (U+001F, which a search
 * can never contain), and the lower-cased ship-to name. Triggers keep it right:
 * on every order written, and on every order of a customer whose name, username
 * or email changes. One trigram index on it lets PostgreSQL combine the text
 * with the status and date indexes (a bitmap AND) instead of walking every
 * order of a status to test each customer.
 *
 * The trigram indexes are built without GIN's pending list (fastupdate off,
 * decision 146): with it, up to 4 MB of recent entries sit unsorted and every
 * search reads them all until a vacuum merges them (a manual ANALYZE does not).
 *
 * The functions are `create or replace`: a restore (api/src/db/backup.ts) drops
 * the tables and replays the migrations, and functions outlive their tables.
 */
const USER_TEXT = (u: string) =>
  `lower(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '') || ' ' || ${u}.username || ' ' || coalesce(${u}.email, ''))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table orders add column search_text text`);
  await knex.raw(
    `create or replace function orders_search_text(customer uuid, ship_to text) returns text language sql stable as $$
       select ${USER_TEXT('u')} || chr(31) || lower(ship_to) from users u where u.id = customer
     $$`,
  );
  await knex.raw(
    `create or replace function orders_set_search_text() returns trigger language plpgsql as $$
     begin
       new.search_text := orders_search_text(new.user_id, new.shipping_full_name);
       return new;
     end $$`,
  );
  await knex.raw(
    `create trigger orders_search_text_trigger before insert or update of user_id, shipping_full_name on orders
       for each row execute function orders_set_search_text()`,
  );
  await knex.raw(
    `create or replace function users_refresh_order_search_text() returns trigger language plpgsql as $$
     begin
       update orders set search_text = orders_search_text(user_id, shipping_full_name) where user_id = new.id;
       return null;
     end $$`,
  );
  await knex.raw(
    `create trigger users_order_search_text_trigger after update of first_name, last_name, username, email on users
       for each row when (${USER_TEXT('old')} is distinct from ${USER_TEXT('new')})
       execute function users_refresh_order_search_text()`,
  );
  await knex.raw(
    `update orders o set search_text = ${USER_TEXT('u')} || chr(31) || lower(o.shipping_full_name)
       from users u where u.id = o.user_id`,
  );
  await knex.raw('alter table orders alter column search_text set not null');
  await knex.raw(
    'create index orders_search_text_trgm_index on orders using gin (search_text gin_trgm_ops) with (fastupdate = off)',
  );
  for (const index of ['users_search_trgm_index', 'orders_shipping_full_name_trgm_index']) {
    await knex.raw(`alter index ${index} set (fastupdate = off)`);
    // Entries already pending go into the index proper now, not at the next vacuum.
    await knex.raw(`select gin_clean_pending_list(?::regclass)`, [index]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter index orders_shipping_full_name_trgm_index reset (fastupdate)');
  await knex.raw('alter index users_search_trgm_index reset (fastupdate)');
  await knex.raw('drop index orders_search_text_trgm_index');
  await knex.raw('drop trigger users_order_search_text_trigger on users');
  await knex.raw('drop function users_refresh_order_search_text()');
  await knex.raw('drop trigger orders_search_text_trigger on orders');
  await knex.raw('drop function orders_set_search_text()');
  await knex.raw('alter table orders drop column search_text');
  await knex.raw('drop function orders_search_text(uuid, text)');
}
