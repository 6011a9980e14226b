import type { Knex } from 'knex';

const EVENT_TYPES_BEFORE = `'created', 'updated', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'revised', 'reminded', 'paid', 'converted', 'client_replied'`;
const NEW_EVENT_TYPES = ['order_created', 'subscription_started', 'subscription_failed'];

/**
 * An accepted quote becomes an order and a subscription too (issue 25;
 * decision 201). The quote keeps the delivery address the client gave when
 * accepting (`shipping`), the client account its order and subscription
 * belong to, settled when accepting (`client_user_id`: the quote's customer,
 * the account of its verified address, or the client signed in), the plan
 * made for it and when its subscription was
 * started. The order names its quote (`orders.quote_id`, unique: a webhook
 * delivered twice cannot make two) and the part of the deposit allocated to
 * it (`deposit_amount`); it has no payment of its own, so its provider may be
 * null (only for an order from a quote). A plan made for a quote names it
 * (`subscription_plans.quote_id`, unique).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('quotes', (t) => {
    t.jsonb('shipping');
    t.uuid('client_user_id').references('id').inTable('users').onDelete('SET NULL');
    t.uuid('subscription_plan_id').references('id').inTable('subscription_plans').onDelete('SET NULL');
    t.timestamp('subscription_started_at', { useTz: true });
  });
  await knex.schema.alterTable('orders', (t) => {
    t.uuid('quote_id').references('id').inTable('quotes').onDelete('SET NULL');
    t.unique(['quote_id'], { indexName: 'orders_quote_id_unique' });
    t.decimal('deposit_amount', 10, 2).notNullable().defaultTo(0);
  });
  await knex.raw(`
    alter table orders alter column payment_provider drop not null,
      add constraint orders_payment_provider_quote_check check (payment_provider is not null or quote_id is not null)`);
  await knex.schema.alterTable('subscription_plans', (t) => {
    t.uuid('quote_id').references('id').inTable('quotes').onDelete('SET NULL');
    t.unique(['quote_id'], { indexName: 'subscription_plans_quote_id_unique' });
  });
  await knex.raw(`
    alter table quote_events drop constraint quote_events_type_check,
      add constraint quote_events_type_check check (type in (${EVENT_TYPES_BEFORE}, ${NEW_EVENT_TYPES.map((type) => `'${type}'`).join(', ')}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('quote_events').whereIn('type', NEW_EVENT_TYPES).delete();
  await knex.raw(`
    alter table quote_events drop constraint quote_events_type_check,
      add constraint quote_events_type_check check (type in (${EVENT_TYPES_BEFORE}))`);
  await knex.schema.alterTable('subscription_plans', (t) => {
    t.dropUnique(['quote_id'], 'subscription_plans_quote_id_unique');
    t.dropColumn('quote_id');
  });
  // An order from a quote has no payment of its own: it cannot exist without the column this removes.
  await knex.raw('delete from orders where quote_id is not null');
  await knex.raw(
    'alter table orders drop constraint orders_payment_provider_quote_check, alter column payment_provider set not null',
  );
  await knex.schema.alterTable('orders', (t) => {
    t.dropUnique(['quote_id'], 'orders_quote_id_unique');
    t.dropColumn('quote_id');
    t.dropColumn('deposit_amount');
  });
  await knex.schema.alterTable('quotes', (t) => {
    t.dropColumn('shipping');
    t.dropColumn('client_user_id');
    t.dropColumn('subscription_plan_id');
    t.dropColumn('subscription_started_at');
  });
}
