import type { Knex } from 'knex';

/**
 * When the account's current email address was proven to be its owner's (a
 * link mailed to it was opened). Only a verified address ties anything found
 * by email — enquiries, chats — to the account. Existing accounts start
 * unverified: nothing recorded before proves an address (sign-up never did).
 * See docs/decisions/155-verified-email-addresses.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_verified_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified_at');
  });
}
