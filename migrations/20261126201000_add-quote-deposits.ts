import type { Knex } from 'knex';

const EVENT_TYPES_BEFORE = `'created', 'updated', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'revised'`;

/**
 * Quote deposits and the project they become (issue 25; decision 184). The
 * quote keeps the payment that paid its deposit and when (`paid_at`), when it
 * was converted, and when its expiry reminder was queued (once per version).
 * The project ticket names its quote (`service_requests.quote_id`, unique: a
 * webhook delivered twice cannot make two). A deposit can be paid without an
 * account: the demo provider's payments may have no user, and a deposit's
 * invoice may belong to nobody's account (it is mailed to the quote's address).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('quotes', (t) => {
    t.text('deposit_payment_id').unique({ indexName: 'quotes_deposit_payment_id_unique' });
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('converted_at', { useTz: true });
    t.timestamp('reminded_at', { useTz: true });
  });
  await knex.schema.alterTable('service_requests', (t) => {
    t.uuid('quote_id').references('id').inTable('quotes').onDelete('SET NULL');
    t.unique(['quote_id'], { indexName: 'service_requests_quote_id_unique' });
  });
  await knex.raw(`
    alter table quote_events drop constraint quote_events_type_check,
      add constraint quote_events_type_check check (type in (${EVENT_TYPES_BEFORE}, 'reminded', 'paid', 'converted'))`);
  await knex.raw('alter table demo_payments alter column user_id drop not null');
  await knex.raw(`
    alter table invoices alter column user_id drop not null,
      add constraint invoices_user_check check (user_id is not null or source = 'quote_deposit')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('invoices').whereNull('user_id').delete();
  await knex.raw('alter table invoices drop constraint invoices_user_check, alter column user_id set not null');
  await knex('demo_payments').whereNull('user_id').delete();
  await knex.raw('alter table demo_payments alter column user_id set not null');
  await knex('quote_events').whereIn('type', ['reminded', 'paid', 'converted']).delete();
  await knex.raw(`
    alter table quote_events drop constraint quote_events_type_check,
      add constraint quote_events_type_check check (type in (${EVENT_TYPES_BEFORE}))`);
  await knex.schema.alterTable('service_requests', (t) => {
    t.dropUnique(['quote_id'], 'service_requests_quote_id_unique');
    t.dropColumn('quote_id');
  });
  await knex.schema.alterTable('quotes', (t) => {
    t.dropUnique(['deposit_payment_id'], 'quotes_deposit_payment_id_unique');
    t.dropColumn('deposit_payment_id');
    t.dropColumn('paid_at');
    t.dropColumn('converted_at');
    t.dropColumn('reminded_at');
  });
}
