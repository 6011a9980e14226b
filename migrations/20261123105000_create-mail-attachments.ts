import type { Knex } from 'knex';

/**
 * Files sent with a mail (an invoice PDF, a calendar invite), one row per file
 * of one outbox row. Kept in PostgreSQL beside the mail, written in the same
 * transaction, so every instance's worker can send them and staff can download
 * them from the outbox. At most 5 MB per mail (checked by enqueueMail).
 *
 * A file can also be named by its `source` ("invoice:<order id>") instead of
 * given: the worker makes it when it first sends the mail and keeps it here,
 * so nothing slow runs in the transaction that writes the mail (decision 105).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('mail_id').notNullable().references('id').inTable('mails').onDelete('CASCADE');
    // The order the files are attached in.
    t.integer('position').notNullable();
    t.text('filename').notNullable();
    t.text('content_type').notNullable();
    t.text('source');
    // Null until a file named by its source is made.
    t.integer('size');
    t.binary('content');
    t.unique(['mail_id', 'position'], { indexName: 'mail_attachments_mail_position_unique' });
    t.check('size is not distinct from octet_length(content)', [], 'mail_attachments_size_check');
    t.check('content is not null or source is not null', [], 'mail_attachments_content_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_attachments');
}
