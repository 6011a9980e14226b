import type { Knex } from 'knex';

/**
 * Times staff propose for a paid consultation. The moment is stored in UTC
 * with the time zone it was proposed in (calendar files and texts show it
 * there); a new proposal withdraws the open one; the client confirms one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consultation_proposals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('service_request_id').notNullable().references('id').inTable('service_requests').onDelete('CASCADE');
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.text('time_zone').notNullable();
    t.integer('duration_minutes').notNullable();
    t.text('status').notNullable().defaultTo('proposed');
    t.uuid('proposed_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status in ('proposed', 'confirmed', 'withdrawn')`, [], 'consultation_proposals_status_check');
    t.check('duration_minutes between 15 and 480', [], 'consultation_proposals_duration_check');
  });
  // At most one open or confirmed proposal per ticket.
  await knex.raw(
    `create unique index consultation_proposals_current_index on consultation_proposals (service_request_id)
     where status in ('proposed', 'confirmed')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consultation_proposals');
}
