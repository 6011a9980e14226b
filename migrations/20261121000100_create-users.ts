import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('username').notNullable();
    // A scrypt hash (see api/src/modules/auth/password.ts), never the password itself.
    t.text('password_hash').notNullable();
    t.text('email');
    t.text('first_name');
    t.text('last_name');
    t.text('profile_image_url');
    t.text('stripe_customer_id').unique();
    t.text('stripe_subscription_id').unique();
    t.text('subscription_status');
    t.text('subscription_plan');
    t.text('account_type').notNullable().defaultTo('client');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`account_type in ('client', 'staff')`, [], 'users_account_type_check');
    t.check(`char_length(username) between 3 and 50`, [], 'users_username_length_check');
    t.check(
      `subscription_status is null or subscription_status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')`,
      [],
      'users_subscription_status_check',
    );
  });
  // Usernames and emails are unique regardless of case: "Alice" and "alice" are one account.
  await knex.raw('create unique index users_username_lower_unique on users (lower(username))');
  await knex.raw('create unique index users_email_lower_unique on users (lower(email)) where email is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
