import type { Knex } from 'knex';

/**
 * Inbound email (docs/inbound-email.md, decisions 196–198):
 * - `mail_reply_tokens`: the reply address token of one thread (ticket, enquiry, quote) and one recipient;
 * - `mails` learns which thread a mail is about, its reply token, and that it bounced (with the reason);
 * - `inbound_emails`: every message received, raw, with its parse result and what became of it;
 * - the timelines that receive a client's emailed reply note which message it came from, and from which address
 *   when that is not the one the reply address was sent to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_reply_tokens', (t) => {
    t.text('token').primary();
    t.text('thread_kind').notNullable();
    t.uuid('thread_id').notNullable();
    t.text('recipient').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['thread_kind', 'thread_id', 'recipient'], { indexName: 'mail_reply_tokens_thread_recipient_unique' });
    t.check(`thread_kind in ('ticket', 'enquiry', 'quote')`, [], 'mail_reply_tokens_thread_kind_check');
  });
  await knex.schema.alterTable('mails', (t) => {
    t.text('thread_kind');
    t.uuid('thread_id');
    t.text('reply_token').references('token').inTable('mail_reply_tokens').onDelete('SET NULL');
    t.text('bounce_reason');
    t.timestamp('bounced_at', { useTz: true });
  });
  await knex.raw('alter table mails drop constraint mails_status_check');
  await knex.raw(
    `alter table mails add constraint mails_status_check
       check (status in ('queued', 'sending', 'retrying', 'sent', 'failed', 'kept', 'bounced'))`,
  );
  await knex.raw(
    `alter table mails add constraint mails_thread_check
       check ((thread_kind is null) = (thread_id is null) and (thread_kind is null or thread_kind in ('ticket', 'enquiry', 'quote')))`,
  );
  await knex.raw('create index mails_thread_index on mails (thread_kind, thread_id) where thread_kind is not null');
  await knex.raw('create index mails_bounced_recipient_index on mails (recipient) where bounced_at is not null');

  await knex.schema.createTable('inbound_emails', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // The Message-ID header (or, without one, a digest of the raw message): the same message is stored once.
    t.text('message_id').notNullable().unique('inbound_emails_message_id_unique');
    t.text('source').notNullable();
    // The envelope sender (SMTP MAIL FROM), when the message came by SMTP.
    t.text('envelope_from');
    // The From header's address, lower-cased.
    t.text('sender').notNullable();
    t.text('subject').notNullable().defaultTo('');
    t.binary('raw').notNullable();
    t.integer('size').notNullable();
    // The parse result: headers that matter, the text, the reply's new text, the attachments' names and sizes.
    t.jsonb('parsed').notNullable();
    // What became of it: a reply on a thread, a new enquiry or request, a bounce, or nothing (an auto-reply).
    t.text('outcome').notNullable();
    t.text('thread_kind');
    t.uuid('thread_id');
    // The thread a reply claimed but could not join (tampered token, closed too long): the new enquiry links it.
    t.text('linked_thread_kind');
    t.uuid('linked_thread_id');
    t.boolean('different_address').notNullable().defaultTo(false);
    // Auto-Submitted, Precedence bulk/junk/list, X-Autoreply, MAILER-DAEMON…: never answered automatically.
    t.boolean('automatic').notNullable().defaultTo(false);
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`source in ('smtp', 'webhook')`, [], 'inbound_emails_source_check');
    t.check(
      `outcome in ('ticket_reply', 'enquiry_reply', 'quote_reply', 'new_enquiry', 'new_request', 'bounce', 'ignored')`,
      [],
      'inbound_emails_outcome_check',
    );
  });
  await knex.raw('create index inbound_emails_received_at_index on inbound_emails (received_at desc, id desc)');
  await knex.raw('create index inbound_emails_thread_index on inbound_emails (thread_kind, thread_id)');

  await knex.schema.alterTable('service_request_events', (t) => {
    t.uuid('inbound_email_id').references('id').inTable('inbound_emails').onDelete('SET NULL');
    // The sender's address when it is not the one the reply address was sent to.
    t.text('different_address');
  });
  await knex.schema.alterTable('enquiry_replies', (t) => {
    t.boolean('from_client').notNullable().defaultTo(false);
    t.uuid('inbound_email_id').references('id').inTable('inbound_emails').onDelete('SET NULL');
    t.text('different_address');
  });
  await knex.schema.alterTable('contact_messages', (t) => {
    t.uuid('inbound_email_id').references('id').inTable('inbound_emails').onDelete('SET NULL');
    // An earlier thread this enquiry answers but could not join (closed too long, or a tampered reply address).
    t.text('earlier_thread_kind');
    t.uuid('earlier_thread_id');
  });
  await knex.raw('alter table quote_events drop constraint quote_events_type_check');
  await knex.raw(
    `alter table quote_events add constraint quote_events_type_check check (type in
       ('created', 'updated', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'revised',
        'reminded', 'paid', 'converted', 'client_replied'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('quote_events').where({ type: 'client_replied' }).delete();
  await knex.raw('alter table quote_events drop constraint quote_events_type_check');
  await knex.raw(
    `alter table quote_events add constraint quote_events_type_check check (type in
       ('created', 'updated', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'revised',
        'reminded', 'paid', 'converted'))`,
  );
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('inbound_email_id');
    t.dropColumn('earlier_thread_kind');
    t.dropColumn('earlier_thread_id');
  });
  await knex('enquiry_replies').where({ fromClient: true }).delete();
  await knex.schema.alterTable('enquiry_replies', (t) => {
    t.dropColumn('from_client');
    t.dropColumn('inbound_email_id');
    t.dropColumn('different_address');
  });
  await knex.schema.alterTable('service_request_events', (t) => {
    t.dropColumn('inbound_email_id');
    t.dropColumn('different_address');
  });
  await knex.schema.dropTable('inbound_emails');
  await knex.raw('drop index mails_bounced_recipient_index');
  await knex.raw('drop index mails_thread_index');
  await knex.raw('alter table mails drop constraint mails_thread_check');
  await knex('mails').where({ status: 'bounced' }).update({ status: 'sent' });
  await knex.raw('alter table mails drop constraint mails_status_check');
  await knex.raw(
    `alter table mails add constraint mails_status_check
       check (status in ('queued', 'sending', 'retrying', 'sent', 'failed', 'kept'))`,
  );
  await knex.schema.alterTable('mails', (t) => {
    t.dropColumn('thread_kind');
    t.dropColumn('thread_id');
    t.dropColumn('reply_token');
    t.dropColumn('bounce_reason');
    t.dropColumn('bounced_at');
  });
  await knex.schema.dropTable('mail_reply_tokens');
}
