import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { buildUser, completeTestLogin, type BuiltUser } from '../../api/src/test/factories';
import type { AccountType } from '../../shared/src/schemas/auth';

/**
 * Creates an account in the server's database and logs the page's browser
 * context in through the real API (the context keeps the session cookie).
 * Only for tests that are not about logging in itself. Admins have
 * two-factor sign-in on (decision 169): the second step is done with a code.
 */
export async function loggedInAs(
  page: Page,
  server: { url: string; db: Knex },
  options: { accountType?: AccountType; firstName?: string; email?: string } = {},
): Promise<BuiltUser> {
  const built = await buildUser(server.db, options);
  const res = await page.request.post(`${server.url}/api/login`, {
    data: { username: built.username, password: built.password },
    headers: { Origin: server.url },
  });
  if (res.status() !== 200) throw new Error(`login failed with ${res.status()}: ${await res.text()}`);
  await completeTestLogin(built, (await res.json()) as { twoFactorRequired?: unknown }, async (code) => {
    const second = await page.request.post(`${server.url}/api/login/2fa`, {
      data: { code },
      headers: { Origin: server.url },
    });
    return { status: second.status() };
  });
  return built;
}
