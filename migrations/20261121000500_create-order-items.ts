import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    // A product that was ever sold stays: its order lines point at it.
    t.uuid('product_id').notNullable().references('id').inTable('products').onDelete('RESTRICT');
    // The name and unit price as charged, whatever the catalogue says later.
    t.text('product_name').notNullable();
    t.integer('quantity').notNullable();
    t.decimal('price', 10, 2).notNullable();
    t.unique(['order_id', 'product_id'], { indexName: 'order_items_order_id_product_id_unique' });
    t.index(['product_id'], 'order_items_product_id_index');
    t.check('quantity between 1 and 99', [], 'order_items_quantity_check');
    t.check('price >= 0', [], 'order_items_price_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_items');
}
