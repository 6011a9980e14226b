import type { Knex } from 'knex';

/**
 * Invoices for every charge, not only shop orders (decision 176): each
 * invoice names what it bills (`source`: order, consultation, subscription,
 * quote_deposit) and that charge's own key (`source_id`: the order's id, the
 * payment's, the subscription period's), unique together, so a charge reported
 * twice is invoiced once. The invoice keeps what it shows as issued (`content`:
 * customer, lines, totals, payment) and whose it is (`user_id`): an issued
 * invoice never changes, whatever happens to the order or the plan later.
 * Existing order invoices are filled in from their orders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.text('source');
    t.text('source_id');
    t.uuid('user_id').references('id').inTable('users').onDelete('RESTRICT');
    t.jsonb('content');
    t.decimal('total', 10, 2);
  });
  await knex.raw('alter table invoices alter column order_id drop not null');
  await knex.raw(`
    update invoices i set
      source = 'order',
      source_id = o.id::text,
      user_id = o.user_id,
      total = o.total_amount,
      content = jsonb_build_object(
        'reference', jsonb_build_object('label', 'Order', 'value', 'NS-' || o.number),
        'description', 'Order NS-' || o.number,
        'customer', jsonb_build_object(
          'name', coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.username, o.shipping_full_name),
          'email', u.email),
        'shipping', jsonb_build_object(
          'fullName', o.shipping_full_name, 'address', o.shipping_address, 'city', o.shipping_city,
          'state', o.shipping_state, 'zipCode', o.shipping_zip_code, 'country', o.shipping_country),
        'lines', coalesce((
          select jsonb_agg(jsonb_build_object(
            'name', oi.product_name, 'quantity', oi.quantity, 'unitPrice', oi.price::text,
            'lineTotal', (oi.price * oi.quantity)::numeric(10, 2)::text) order by oi.product_name)
          from order_items oi where oi.order_id = o.id), '[]'::jsonb),
        'subtotal', o.subtotal_amount::text,
        'tax', o.tax_amount::text,
        'total', o.total_amount::text,
        'payment', jsonb_build_object('provider', o.payment_provider, 'id', o.stripe_payment_id))
    from orders o left join users u on u.id = o.user_id
    where o.id = i.order_id`);
  await knex.raw(`
    alter table invoices
      alter column source set not null,
      alter column source_id set not null,
      alter column user_id set not null,
      alter column content set not null,
      alter column total set not null,
      add constraint invoices_source_check check (source in ('order', 'consultation', 'subscription', 'quote_deposit')),
      add constraint invoices_order_source_check check ((source = 'order') = (order_id is not null)),
      add constraint invoices_source_unique unique (source, source_id)`);
  await knex.schema.alterTable('invoices', (t) => {
    t.index(['user_id', 'issued_at'], 'invoices_user_issued_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('invoices').whereNot({ source: 'order' }).delete();
  await knex.schema.alterTable('invoices', (t) => {
    t.dropIndex(['user_id', 'issued_at'], 'invoices_user_issued_index');
    t.dropUnique(['source', 'source_id'], 'invoices_source_unique');
    t.dropChecks(['invoices_source_check', 'invoices_order_source_check']);
    t.dropColumn('source');
    t.dropColumn('source_id');
    t.dropColumn('user_id');
    t.dropColumn('content');
    t.dropColumn('total');
  });
  await knex.raw('alter table invoices alter column order_id set not null');
}
