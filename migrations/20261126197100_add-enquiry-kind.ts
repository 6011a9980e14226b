import type { Knex } from 'knex';

/**
 * Quote requests (issue 25) are enquiries marked as such: `kind` tells them
 * apart, `items` are the products and quantities asked about (never prices).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.text('kind').notNullable().defaultTo('enquiry');
    t.jsonb('items');
    t.check(`kind in ('enquiry', 'quote_request')`, [], 'contact_messages_kind_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropChecks(['contact_messages_kind_check']);
    t.dropColumn('items');
    t.dropColumn('kind');
  });
}
