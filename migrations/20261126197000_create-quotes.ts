import type { Knex } from 'knex';

/**
 * Quotes (issue 25): a priced proposal staff send and the client accepts
 * online. `number` ("Q-2026-0001") comes from the year's row in
 * `quote_counters`, raised in the creating transaction like invoice numbers
 * (no gaps); a revision is a new row with the same number and the next
 * `version`. The link's token is never stored: only its SHA-256, for the
 * lookup (docs/decisions/178-quote-links-and-numbering.md). Totals are in
 * cents, computed by the server alone. `quote_events` is the timeline.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quote_counters', (t) => {
    t.integer('year').primary();
    t.integer('last_number').notNullable();
    t.check('last_number >= 1', [], 'quote_counters_last_number_check');
  });
  await knex.schema.createTable('quotes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('year').notNullable();
    t.integer('sequence').notNullable();
    t.text('number').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.text('status').notNullable().defaultTo('draft');
    t.text('title').notNullable();
    t.uuid('customer_user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('customer_name').notNullable();
    t.text('customer_email').notNullable();
    t.text('customer_company');
    t.integer('deposit_percent').notNullable().defaultTo(0);
    t.date('valid_until').notNullable();
    t.text('notes');
    t.text('terms');
    t.uuid('source_enquiry_id').references('id').inTable('contact_messages').onDelete('SET NULL');
    t.uuid('source_service_request_id').references('id').inTable('service_requests').onDelete('SET NULL');
    t.uuid('source_conversation_id').references('id').inTable('chat_conversations').onDelete('SET NULL');
    t.text('token_hash').notNullable().unique({ indexName: 'quotes_token_hash_unique' });
    t.uuid('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.uuid('sent_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('viewed_at', { useTz: true });
    t.timestamp('accepted_at', { useTz: true });
    t.text('signature_name');
    t.text('accepted_ip');
    t.timestamp('declined_at', { useTz: true });
    t.text('decline_reason');
    t.timestamp('expired_at', { useTz: true });
    t.timestamp('withdrawn_at', { useTz: true });
    t.uuid('superseded_by').references('id').inTable('quotes').onDelete('SET NULL');
    t.bigInteger('one_time_subtotal_cents').notNullable().defaultTo(0);
    t.bigInteger('tax_cents').notNullable().defaultTo(0);
    t.bigInteger('one_time_total_cents').notNullable().defaultTo(0);
    t.bigInteger('deposit_cents').notNullable().defaultTo(0);
    t.bigInteger('recurring_monthly_cents').notNullable().defaultTo(0);
    // Lower-cased number, customer and title: what the console's search reads.
    t.text('search_text').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['year', 'sequence', 'version'], { indexName: 'quotes_year_sequence_version_unique' });
    t.check(
      `status in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'superseded', 'paid', 'converted')`,
      [],
      'quotes_status_check',
    );
    t.check('version >= 1 and sequence >= 1', [], 'quotes_version_sequence_check');
    t.check('deposit_percent between 0 and 100', [], 'quotes_deposit_percent_check');
    t.check(
      `num_nonnulls(source_enquiry_id, source_service_request_id, source_conversation_id) <= 1`,
      [],
      'quotes_one_source_check',
    );
    t.check(
      `status <> 'accepted' or (accepted_at is not null and signature_name is not null)`,
      [],
      'quotes_accepted_check',
    );
  });
  await knex.raw('create index quotes_created_at_id_index on quotes (created_at desc, id desc)');
  await knex.raw('create index quotes_status_created_at_id_index on quotes (status, created_at desc, id desc)');
  await knex.raw(
    'create index quotes_search_text_trgm_index on quotes using gin (search_text gin_trgm_ops) with (fastupdate = off)',
  );
  await knex.raw(
    `create index quotes_open_valid_until_index on quotes (valid_until) where status in ('sent', 'viewed')`,
  );
  await knex.raw('create index quotes_customer_user_id_index on quotes (customer_user_id)');
  await knex.raw('create index quotes_customer_email_index on quotes (lower(customer_email))');

  await knex.schema.createTable('quote_lines', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('quote_id').notNullable().references('id').inTable('quotes').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('kind').notNullable();
    t.uuid('product_id').references('id').inTable('products').onDelete('SET NULL');
    t.text('description').notNullable();
    t.integer('quantity').notNullable();
    t.decimal('unit_price', 10, 2).notNullable();
    t.boolean('taxable').notNullable();
    t.text('interval');
    t.unique(['quote_id', 'position'], { indexName: 'quote_lines_quote_id_position_unique' });
    t.check(`kind in ('product', 'service', 'recurring')`, [], 'quote_lines_kind_check');
    t.check(`(kind = 'recurring') = (interval is not null)`, [], 'quote_lines_interval_check');
    t.check(`interval is null or interval = 'month'`, [], 'quote_lines_interval_value_check');
    t.check('quantity between 1 and 10000', [], 'quote_lines_quantity_check');
    t.check('unit_price >= 0', [], 'quote_lines_unit_price_check');
  });

  await knex.schema.createTable('quote_events', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('quote_id').notNullable().references('id').inTable('quotes').onDelete('CASCADE');
    t.text('type').notNullable();
    // Who: a staff member's id and name, or null for the client / the system.
    t.uuid('actor_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('actor_name');
    t.jsonb('data');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(
      `type in ('created', 'updated', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'revised')`,
      [],
      'quote_events_type_check',
    );
    t.index(['quote_id', 'id'], 'quote_events_quote_id_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quote_events');
  await knex.schema.dropTable('quote_lines');
  await knex.schema.dropTable('quotes');
  await knex.schema.dropTable('quote_counters');
}
