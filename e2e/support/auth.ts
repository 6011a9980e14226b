import type { Page } from 'playwright-core';
import { buildUser, type BuiltUser } from '../../api/src/test/factories';
import type { AccountType } from '../../shared/src/schemas/auth';

/**
 * Creates an account in the server's database and logs the page's browser
 * context in through the real API (the context keeps the session cookie).
 * Only for tests that are not about logging in itself.
 */
export async function loggedInAs(
  page: Page,
  serverUrl: string,
  options: { accountType?: AccountType; firstName?: string; email?: string } = {},
): Promise<BuiltUser> {
  const built = await buildUser(options);
  const res = await page.request.post(`${serverUrl}/api/login`, {
    data: { username: built.username, password: built.password },
    headers: { Origin: serverUrl },
  });
  if (res.status() !== 200) throw new Error(`login failed with ${res.status()}: ${await res.text()}`);
  return built;
}
