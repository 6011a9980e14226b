import type { Knex } from 'knex';

/**
 * The one-click link in the email of a proposed consultation time: the
 * SHA-256 of its token (the token itself is only in the mail) and when the
 * link stops working (docs/decisions/141-consultation-confirm-link.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consultation_proposals', (t) => {
    t.text('confirm_token_hash');
    t.timestamp('confirm_token_expires_at', { useTz: true });
  });
  await knex.raw(
    `create unique index consultation_proposals_confirm_token_index on consultation_proposals (confirm_token_hash)
     where confirm_token_hash is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists consultation_proposals_confirm_token_index');
  await knex.schema.alterTable('consultation_proposals', (t) => {
    t.dropColumn('confirm_token_expires_at');
    t.dropColumn('confirm_token_hash');
  });
}
