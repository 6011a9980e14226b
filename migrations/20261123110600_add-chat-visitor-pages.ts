import type { Knex } from 'knex';

/** The page a chat was started on, and the page its visitor is on now (staff see both). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.text('start_page');
    t.text('current_page');
    t.timestamp('current_page_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.dropColumn('current_page_at');
    t.dropColumn('current_page');
    t.dropColumn('start_page');
  });
}
