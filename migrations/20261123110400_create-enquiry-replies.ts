import type { Knex } from 'knex';

/** Staff replies to an enquiry, as emailed to the enquirer (the outbox holds the mail itself). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('enquiry_replies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('contact_message_id').notNullable().references('id').inTable('contact_messages').onDelete('CASCADE');
    t.uuid('author_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('author_name').notNullable();
    t.text('message').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index enquiry_replies_enquiry_index on enquiry_replies (contact_message_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('enquiry_replies');
}
