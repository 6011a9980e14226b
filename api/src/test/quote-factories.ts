import type { Knex } from 'knex';
import type request from 'supertest';
import type { StaffRole } from '@shared/staff-roles';
import type { Quote, QuoteCreateInput } from '@shared/schemas/quotes';
import { buildUser, logIn, uniqueName } from './factories';

type Agent = ReturnType<typeof request.agent>;

/** A signed-in staff member of the role (a real account and a real login). */
export async function staffAgentOf(db: Knex, agent: Agent, role: StaffRole): Promise<Agent> {
  const built = await buildUser(db, {
    accountType: 'staff',
    staffRole: role,
    email: `${uniqueName(role)}@example.com`,
  });
  await logIn(agent, built);
  return agent;
}

/** A date `days` from today as YYYY-MM-DD (UTC; a few days' margin keeps it valid in the company's zone). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The body of a simple quote for a new customer: one service line, valid for 30 days. */
export function quoteBody(overrides: Partial<QuoteCreateInput> = {}): QuoteCreateInput {
  return {
    customer: { name: 'Ada Lovelace', email: `${uniqueName('ada')}@example.com`, company: 'Analytical Engines' },
    title: 'Office Wi-Fi survey',
    lines: [{ kind: 'service', description: 'Site survey', quantity: 4, unitPrice: '120.00' }],
    validUntil: daysFromNow(30),
    ...overrides,
  };
}

/** The token of a quote's link. */
export const tokenOf = (quote: Pick<Quote, 'publicUrl'>) => new URL(quote.publicUrl).pathname.split('/').at(-1)!;

/** A quote created and sent by `staff`. */
export async function sentQuote(staff: Agent, overrides: Partial<QuoteCreateInput> = {}): Promise<Quote> {
  const created = await staff.post('/api/admin/quotes').send(quoteBody(overrides));
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const sent = await staff.post(`/api/admin/quotes/${created.body.id}/send`);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  return sent.body as Quote;
}
