import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable().unique();
    t.text('category').notNullable();
    t.text('description').notNullable();
    t.decimal('price', 10, 2).notNullable();
    t.text('image_url');
    t.decimal('rating', 2, 1);
    t.boolean('in_stock').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('price >= 0', [], 'products_price_check');
    t.check('rating is null or (rating >= 0 and rating <= 5)', [], 'products_rating_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
