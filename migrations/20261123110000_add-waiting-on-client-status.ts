import type { Knex } from 'knex';

/** Service requests become tickets: staff can wait on the client's answer (issue 14). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table service_requests drop constraint service_requests_status_check');
  await knex.raw(
    `alter table service_requests add constraint service_requests_status_check
     check (status in ('pending', 'in_progress', 'waiting_on_client', 'completed', 'cancelled'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('service_requests').where({ status: 'waiting_on_client' }).update({ status: 'in_progress' });
  await knex.raw('alter table service_requests drop constraint service_requests_status_check');
  await knex.raw(
    `alter table service_requests add constraint service_requests_status_check
     check (status in ('pending', 'in_progress', 'completed', 'cancelled'))`,
  );
}
