import type { Knex } from 'knex';

/**
 * Service requests get a number a client can quote on the phone: T-10001,
 * T-10002, … (shown as `T-${number}`; decision 181). A sequence hands them
 * out; existing tickets are numbered here, oldest first. A number is never
 * reused (a rolled-back insert only skips one).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence service_request_number_seq start with 10001');
  await knex.schema.alterTable('service_requests', (t) => {
    t.bigInteger('number');
  });
  await knex.raw(
    `update service_requests set number = numbered.n
       from (select id, nextval('service_request_number_seq') as n
               from (select id from service_requests order by created_at, id) oldest_first) numbered
      where service_requests.id = numbered.id`,
  );
  await knex.raw(`alter table service_requests alter column number set default nextval('service_request_number_seq')`);
  await knex.raw('alter table service_requests alter column number set not null');
  await knex.raw('alter sequence service_request_number_seq owned by service_requests.number');
  await knex.raw('create unique index service_requests_number_unique on service_requests (number)');
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the column drops the sequence it owns and the index.
  await knex.schema.alterTable('service_requests', (t) => {
    t.dropColumn('number');
  });
}
