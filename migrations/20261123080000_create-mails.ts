import type { Knex } from 'knex';

/**
 * The outbox: every email the product sends, one row per recipient, written in
 * the transaction of the change that causes it and delivered by the mail
 * worker (api/src/modules/mail/). It is also the delivery log staff read.
 * See docs/decisions/080-mail-outbox-without-a-job-library.md and 081.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mails', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // The event that caused the mail ("order-receipt:<order id>"): with the recipient, written once.
    t.text('idempotency_key').notNullable();
    t.text('template').notNullable();
    // One lower-cased address per row.
    t.text('recipient').notNullable();
    t.text('reply_to');
    // What the template is rendered from, as it was when the event happened.
    t.jsonb('data').notNullable();
    // Values removed from the stored mail once it is delivered (the tokens of single-use links).
    t.specificType('secrets', 'text[]');
    // Filled once, by the worker, before the first delivery attempt.
    t.text('subject');
    t.text('html_body');
    t.text('text_body');
    t.text('status').notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // While a worker holds the mail; a worker that dies lets it go when this passes.
    t.timestamp('locked_until', { useTz: true });
    t.text('last_error');
    // The SMTP server's answer to the accepted message.
    t.text('smtp_response');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.unique(['idempotency_key', 'recipient'], { indexName: 'mails_idempotency_key_recipient_unique' });
    t.check(`status in ('queued', 'sending', 'retrying', 'sent', 'failed', 'kept')`, [], 'mails_status_check');
    t.check('attempts >= 0', [], 'mails_attempts_check');
    t.check('recipient = lower(recipient)', [], 'mails_recipient_lower_check');
  });
  // What the worker looks for: mails due now, or held by a worker whose lease ran out.
  await knex.raw(
    `create index mails_due_index on mails (next_attempt_at) where status in ('queued', 'retrying', 'sending')`,
  );
  // The outbox list, newest first, with or without a status filter (keyset pagination).
  await knex.raw('create index mails_created_at_index on mails (created_at desc, id desc)');
  await knex.raw('create index mails_status_created_at_index on mails (status, created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mails');
}
