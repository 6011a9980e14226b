import type { Knex } from 'knex';

/**
 * Files attached to things (decision 190): ticket replies from the portal and
 * the console, inbound emails. One row per file, linked to its owner by
 * `owner_type` + `owner_id` (a ticket event, an inbound email…): the module
 * that owns the thing decides who may download it. Images are kept
 * re-encoded (WebP), other accepted files byte for byte; `content_type` is the
 * type the store decided from the bytes, never the one the uploader declared.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('owner_type').notNullable();
    t.uuid('owner_id').notNullable();
    t.text('filename').notNullable();
    t.text('content_type').notNullable();
    t.boolean('is_image').notNullable().defaultTo(false);
    t.integer('size').notNullable();
    t.text('sha256').notNullable();
    t.binary('content').notNullable();
    t.integer('width');
    t.integer('height');
    t.uuid('uploaded_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('size >= 0 and size = octet_length(content)', [], 'attachments_size_check');
    t.check(`owner_type ~ '^[a-z_]+$'`, [], 'attachments_owner_type_check');
  });
  await knex.raw('create index attachments_owner_index on attachments (owner_type, owner_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('attachments');
}
