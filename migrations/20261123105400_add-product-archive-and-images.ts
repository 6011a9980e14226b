import type { Knex } from 'knex';

/**
 * Staff edit the catalogue: a product can be archived (gone from the shop,
 * kept for past orders), and its image is uploaded, re-encoded to WebP and
 * kept in PostgreSQL by the SHA-256 of its bytes, so every instance serves it
 * and its URL changes with its content (decision 108).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.timestamp('archived_at', { useTz: true });
  });
  await knex.schema.createTable('product_images', (t) => {
    // Hex SHA-256 of the WebP bytes: the URL's name, /api/product-images/<sha256>.webp.
    t.text('sha256').primary();
    t.binary('content').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`sha256 ~ '^[0-9a-f]{64}$'`, [], 'product_images_sha256_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_images');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('archived_at');
  });
}
