import type { Knex } from 'knex';

/**
 * A third kind of account link: the confirmation of the address an account
 * already has (sent with the welcome mail, or asked for from the Account
 * page). Like an email change, it names the address it confirms.
 * See docs/decisions/155-verified-email-addresses.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table account_tokens drop constraint account_tokens_purpose_check');
  await knex.raw('alter table account_tokens drop constraint account_tokens_new_email_check');
  await knex.raw(
    `alter table account_tokens add constraint account_tokens_purpose_check
     check (purpose in ('password_reset', 'email_change', 'email_verification'))`,
  );
  await knex.raw(
    `alter table account_tokens add constraint account_tokens_new_email_check
     check ((purpose in ('email_change', 'email_verification')) = (new_email is not null))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('account_tokens').where({ purpose: 'email_verification' }).delete();
  await knex.raw('alter table account_tokens drop constraint account_tokens_purpose_check');
  await knex.raw('alter table account_tokens drop constraint account_tokens_new_email_check');
  await knex.raw(
    `alter table account_tokens add constraint account_tokens_purpose_check
     check (purpose in ('password_reset', 'email_change'))`,
  );
  await knex.raw(
    `alter table account_tokens add constraint account_tokens_new_email_check
     check ((purpose = 'email_change') = (new_email is not null))`,
  );
}
