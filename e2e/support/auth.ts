import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { buildUser, type BuiltUser } from '../../api/src/test/factories';
import type { AccountType } from '../../shared/src/schemas/auth';
import type { StaffRole } from '../../shared/src/staff-roles';

/**
 * Creates an account in the server's database and logs the page's browser
 * context in through the real API (the context keeps the session cookie).
 * Only for tests that are not about logging in itself.
 */
export async function loggedInAs(
  page: Page,
  server: { url: string; db: Knex },
  options: { accountType?: AccountType; staffRole?: StaffRole; firstName?: string; email?: string } = {},
): Promise<BuiltUser> {
  const built = await buildUser(server.db, options);
  const res = await page.request.post(`${server.url}/api/login`, {
    data: { username: built.username, password: built.password },
    headers: { Origin: server.url },
  });
  if (res.status() !== 200) throw new Error(`login failed with ${res.status()}: ${await res.text()}`);
  return built;
}
