import type { Knex } from 'knex';
import { Ticket } from '../modules/tickets/ticket.model';
import type { User } from '../modules/users/user.model';
import { buildUser, logIn, type BuiltUser } from './factories';
import type { TestApp } from './test-app';

/** A ticket in the database, as the contact form or a paid consultation would have filed it. */
export async function buildTicket(
  db: Knex,
  owner: User | null,
  fields: Partial<Pick<Ticket, 'service' | 'message' | 'status' | 'providerPaymentId' | 'email' | 'name'>> = {},
): Promise<Ticket> {
  return Ticket.query(db).insert({
    userId: owner?.id ?? null,
    name: fields.name ?? owner?.displayName ?? 'Walk-in Visitor',
    email: fields.email ?? owner?.email ?? 'visitor@example.com',
    service: fields.service ?? 'Field IT Services',
    message: fields.message ?? 'Our switch is down.',
    status: fields.status ?? 'pending',
    providerPaymentId: fields.providerPaymentId ?? null,
  });
}

export interface Caller {
  built: BuiltUser;
  agent: ReturnType<TestApp['agent']>;
}

/** A logged-in account (its agent keeps the session cookie). */
export async function callerOf(
  t: TestApp,
  accountType: 'client' | 'staff',
  options: { email?: string; firstName?: string } = {},
): Promise<Caller> {
  const built = await buildUser(t.db, { accountType, ...options });
  const agent = t.agent();
  await logIn(agent, built);
  return { built, agent };
}
