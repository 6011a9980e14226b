import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { buildUser, completeTestLogin, nextTotpCode, type BuiltUser } from '../../api/src/test/factories';
import type { AccountType } from '../../shared/src/schemas/auth';
import type { StaffRole } from '../../shared/src/staff-roles';

/**
 * Creates an account in the server's database and logs the page's browser
 * context in through the real API (the context keeps the session cookie).
 * Only for tests that are not about logging in itself. Admins have
 * two-factor sign-in on (decision 169): the second step is done with a code.
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
  await completeTestLogin(built, (await res.json()) as { twoFactorRequired?: unknown }, async (code) => {
    const second = await page.request.post(`${server.url}/api/login/2fa`, {
      data: { code },
      headers: { Origin: server.url },
    });
    return { status: second.status() };
  });
  return built;
}

/**
 * Logs in through the login page's form, as a person would: the username and
 * password, then (an account with two-factor sign-in) a code computed from
 * its secret the way an authenticator app does. The caller waits for what
 * should follow.
 */
export async function logInWithForm(
  page: Page,
  built: Pick<BuiltUser, 'username' | 'password' | 'totpSecret'>,
): Promise<void> {
  await page.getByLabel('Username').fill(built.username);
  await page.getByLabel('Password').fill(built.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  if (!built.totpSecret) return;
  await page.getByLabel('Code from your authenticator app').fill(await nextTotpCode(built.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
}
