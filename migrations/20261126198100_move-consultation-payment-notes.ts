import type { Knex } from 'knex';

/** The description a paid consultation's ticket used to carry: the payment id and an instruction to staff. */
const OLD_MESSAGE = String.raw`^Paid one-hour technical consultation \((\$[0-9.,]+), payment ([^)]+)\)\. Contact the client to schedule it\.$`;

/**
 * That description is what the client reads on the ticket (issue 29, item 8; decision 181). Each such description
 * becomes the client's wording (the one the consultation module writes now), and what was for staff becomes an
 * internal note of the ticket, by the system, dated when the ticket was made.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into service_request_events (service_request_id, kind, actor_type, actor_name, message, created_at)
     select id, 'note', 'system', 'Payments',
            'Paid by payment ' || (regexp_match(message, ?))[2] || '. Contact the client to schedule it.', created_at
       from service_requests
      where stripe_payment_id is not null and message ~ ?`,
    [OLD_MESSAGE, OLD_MESSAGE],
  );
  await knex.raw(
    `update service_requests
        set message = 'Paid one-hour technical consultation (' || (regexp_match(message, ?))[1] || '). We will contact you to agree a time.'
      where stripe_payment_id is not null and message ~ ?`,
    [OLD_MESSAGE, OLD_MESSAGE],
  );
}

/** The text stays where it was moved: putting staff-only text back before a client's eyes is no step back. */
export async function down(): Promise<void> {}
