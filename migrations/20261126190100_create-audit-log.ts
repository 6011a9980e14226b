import type { Knex } from 'knex';

/**
 * The audit log (issue 24): one row per staff action that moves money or
 * access or changes what the public sees, with who, from where, when, on what,
 * and the values before and after. Append-only in PostgreSQL itself: triggers
 * refuse every UPDATE, DELETE and TRUNCATE, whoever sends it, so no code path
 * (and no SQL typed by hand through the app's connection) can rewrite history.
 * Actors are kept by id and by name without a foreign key: a row outlives the
 * account. See docs/decisions/168-append-only-audit-log.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('actor_id');
    t.text('actor_name');
    t.text('actor_role');
    t.text('ip');
    t.text('action').notNullable();
    t.text('record_type');
    t.text('record_id');
    t.jsonb('before');
    t.jsonb('after');
  });
  await knex.raw('create index audit_log_at_id_index on audit_log (at desc, id desc)');
  await knex.raw('create index audit_log_actor_at_index on audit_log (actor_id, at desc, id desc)');
  await knex.raw('create index audit_log_action_at_index on audit_log (action, at desc, id desc)');
  await knex.raw(`
    create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is not allowed', tg_op
        using errcode = 'insufficient_privilege';
    end
    $$;
    create trigger audit_log_no_update_or_delete
      before update or delete on audit_log
      for each row execute function audit_log_refuse_change();
    create trigger audit_log_no_truncate
      before truncate on audit_log
      for each statement execute function audit_log_refuse_change();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.raw('drop function audit_log_refuse_change()');
}
