import type { Knex } from 'knex';

/**
 * Files sent with a mail (an invoice PDF, a calendar invite), one row per file
 * of one outbox row. Kept in PostgreSQL beside the mail, written in the same
 * transaction, so every instance's worker can send them and staff can download
 * them from the outbox. At most 5 MB per mail (checked by enqueueMail).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('mail_id').notNullable().references('id').inTable('mails').onDelete('CASCADE');
    // The order the files are attached in.
    t.integer('position').notNullable();
    t.text('filename').notNullable();
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
    t.unique(['mail_id', 'position'], { indexName: 'mail_attachments_mail_position_unique' });
    t.check('size = octet_length(content)', [], 'mail_attachments_size_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_attachments');
}
