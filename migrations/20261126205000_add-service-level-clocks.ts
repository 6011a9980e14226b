import type { Knex } from 'knex';

/**
 * The service-level clocks (issue 27, decision 192). On top of the due times
 * and state the support foundation added:
 * - the targets a clock was started with (business minutes), so a report
 *   reads what was promised at the time;
 * - a ticket's pause while it waits on the client: when the pause began and
 *   the business time paused so far (due times move out by it);
 * - the next instant the item goes at risk or breaches (what the sweep and
 *   the timer look for), and when it breached;
 * - `service_level_events`: each at-risk warning and breach announced, once,
 *   with the clock, its due time and who held the item — the chat's record of
 *   a breach and the log the exactly-once rule is checked against;
 * - a ticket timeline entry kind for the breach.
 */

/** The timeline's kinds as the CHECK lists them now (other migrations add theirs; this one adds or removes its own). */
async function timelineKinds(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { def: string }[] }>(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'service_request_events_kind_check'`,
  );
  return [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]!);
}

async function setTimelineKinds(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw('alter table service_request_events drop constraint service_request_events_kind_check');
  await knex.raw(
    `alter table service_request_events add constraint service_request_events_kind_check check (kind in (${kinds
      .map((kind) => `'${kind}'`)
      .join(', ')}))`,
  );
}

export async function up(knex: Knex): Promise<void> {
  for (const table of ['service_requests', 'chat_conversations']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('first_response_target_minutes');
      if (table === 'service_requests') {
        t.integer('resolution_target_minutes');
        t.timestamp('sla_paused_at', { useTz: true });
        t.bigInteger('sla_paused_ms').notNullable().defaultTo(0);
      }
      t.timestamp('sla_next_warning_at', { useTz: true });
      t.timestamp('sla_next_breach_at', { useTz: true });
      t.timestamp('sla_breached_at', { useTz: true });
    });
    await knex.raw(
      `create index ${table}_sla_next_warning_index on ${table} (sla_next_warning_at) where sla_next_warning_at is not null`,
    );
    await knex.raw(
      `create index ${table}_sla_next_breach_index on ${table} (sla_next_breach_at) where sla_next_breach_at is not null`,
    );
    await knex.raw(
      `create index ${table}_sla_state_index on ${table} (sla_state) where sla_state in ('at_risk', 'breached')`,
    );
    // Open items whose clocks never started (made before this migration): the sweep starts them.
    const open = table === 'service_requests' ? `status not in ('completed', 'cancelled')` : `status = 'active'`;
    await knex.raw(
      `create index ${table}_sla_unstarted_index on ${table} (id) where first_response_target_minutes is null and ${open}`,
    );
  }

  await knex.schema.createTable('service_level_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('service_request_id').references('id').inTable('service_requests').onDelete('CASCADE');
    t.uuid('chat_conversation_id').references('id').inTable('chat_conversations').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('clock').notNullable();
    t.timestamp('due_at', { useTz: true }).notNullable();
    // Who held the item when it happened (null: unassigned), with the name they had then.
    t.uuid('holder_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('holder_name');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`kind in ('at_risk', 'breached')`, [], 'service_level_events_kind_check');
    t.check(`clock in ('first_response', 'resolution')`, [], 'service_level_events_clock_check');
    t.check('num_nonnulls(service_request_id, chat_conversation_id) = 1', [], 'service_level_events_subject_check');
  });
  await knex.raw(
    'create index service_level_events_request_index on service_level_events (service_request_id) where service_request_id is not null',
  );
  await knex.raw(
    'create index service_level_events_chat_index on service_level_events (chat_conversation_id) where chat_conversation_id is not null',
  );

  await setTimelineKinds(knex, [...(await timelineKinds(knex)), 'sla_breached']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('service_request_events').where({ kind: 'sla_breached' }).delete();
  await setTimelineKinds(
    knex,
    (await timelineKinds(knex)).filter((kind) => kind !== 'sla_breached'),
  );
  await knex.schema.dropTable('service_level_events');
  for (const table of ['chat_conversations', 'service_requests']) {
    await knex.raw(`drop index ${table}_sla_unstarted_index`);
    await knex.raw(`drop index ${table}_sla_state_index`);
    await knex.raw(`drop index ${table}_sla_next_breach_index`);
    await knex.raw(`drop index ${table}_sla_next_warning_index`);
    await knex.schema.alterTable(table, (t) => {
      const columns = ['sla_breached_at', 'sla_next_breach_at', 'sla_next_warning_at', 'first_response_target_minutes'];
      if (table === 'service_requests') columns.push('sla_paused_ms', 'sla_paused_at', 'resolution_target_minutes');
      for (const column of columns) t.dropColumn(column);
    });
  }
}
