import type { Knex } from 'knex';

/**
 * Canned replies and automatic chat messages (issue 26, decision 188):
 * - `canned_replies`: a shortcut, title and body, either shared (no owner) or
 *   one staff member's own; a shortcut is unique within its scope (the shared
 *   ones, or one person's);
 * - `chat_messages.automatic`: what sent a message no person wrote (`away`:
 *   the reply outside business hours). Such a message is never a staff first
 *   response; a conversation holds at most one away message, which the unique
 *   index enforces whatever the number of instances.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('canned_replies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').references('id').inTable('users').onDelete('CASCADE');
    t.text('shortcut').notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.uuid('created_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`shortcut ~ '^[a-z0-9][a-z0-9_-]{0,39}$'`, [], 'canned_replies_shortcut_check');
    t.check('char_length(title) between 1 and 80', [], 'canned_replies_title_check');
    t.check('char_length(body) between 1 and 2000', [], 'canned_replies_body_check');
  });
  await knex.raw(
    'create unique index canned_replies_shared_shortcut_unique on canned_replies (shortcut) where owner_id is null',
  );
  await knex.raw(
    'create unique index canned_replies_personal_shortcut_unique on canned_replies (owner_id, shortcut) where owner_id is not null',
  );

  await knex.schema.alterTable('chat_messages', (t) => {
    t.text('automatic');
    t.check(`automatic in ('away')`, [], 'chat_messages_automatic_check');
  });
  await knex.raw(
    `create unique index chat_messages_one_away_unique on chat_messages (conversation_id) where automatic = 'away'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index chat_messages_one_away_unique');
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropChecks(['chat_messages_automatic_check']);
    t.dropColumn('automatic');
  });
  await knex.schema.dropTable('canned_replies');
}
