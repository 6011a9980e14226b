import type { Knex } from 'knex';

/**
 * Single-use links sent by email: password resets and confirmations of a new
 * email address. Only a SHA-256 hash of each token is kept; the token itself
 * exists in the mail alone. See docs/decisions/082-account-tokens.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('token_hash').notNullable().unique({ indexName: 'account_tokens_token_hash_unique' });
    // The address an email change will set, once confirmed.
    t.text('new_email');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable().index('account_tokens_expires_at_index');
    t.timestamp('used_at', { useTz: true });
    t.index(['user_id', 'purpose'], 'account_tokens_user_id_purpose_index');
    t.check(`purpose in ('password_reset', 'email_change')`, [], 'account_tokens_purpose_check');
    t.check(`(purpose = 'email_change') = (new_email is not null)`, [], 'account_tokens_new_email_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_tokens');
}
