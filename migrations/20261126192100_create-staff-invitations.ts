import type { Knex } from 'knex';

/**
 * Invitations to join the staff (issue 24): the address and role, who
 * invited, and the SHA-256 of the link's token (the token itself is only in
 * the mail). An invitation is pending until it is accepted, revoked or past
 * `expires_at`. See docs/decisions/170-staff-invitations.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_invitations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.text('role').notNullable();
    t.text('token_hash').notNullable().unique({ indexName: 'staff_invitations_token_hash_unique' });
    t.uuid('invited_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true });
    t.uuid('accepted_user_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('revoked_at', { useTz: true });
    t.check(`role in ('admin', 'support', 'sales', 'fulfilment')`, [], 'staff_invitations_role_check');
    t.check('accepted_at is null or revoked_at is null', [], 'staff_invitations_one_outcome_check');
  });
  // The pending ones of an address (at most one, checked under a lock when inviting), and the console's list.
  await knex.raw(
    `create index staff_invitations_pending_email_index on staff_invitations (lower(email))
     where accepted_at is null and revoked_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('staff_invitations');
}
