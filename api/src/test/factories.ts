import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AccountType } from '@shared/schemas/auth';
import type { StaffRole } from '@shared/staff-roles';
import { totpCodeAt, totpStep, newTotpSecret } from '../modules/auth/totp';
import { sealTotpSecret } from '../modules/auth/totp-secret-box';
import { User } from '../modules/users/user.model';
import { createUser } from '../modules/users/users.service';
import { testConfig } from './config';

export interface BuiltUser {
  user: User;
  username: string;
  password: string;
  /** The account's TOTP secret (base32) when two-factor sign-in is on: tests compute codes from it. */
  totpSecret?: string;
}

/** The session secret of the test configuration: the key the factories seal TOTP secrets with. */
export const TEST_SESSION_SECRET = testConfig().sessionSecret;

/**
 * Turns two-factor sign-in on for an account with a new secret, as if it had
 * been set up through the API (without recovery codes); returns the secret.
 * `serverSecret`: the SESSION_SECRET of the server that will check the codes.
 */
export async function enableTestTwoFactor(
  db: Knex,
  userId: string,
  serverSecret = TEST_SESSION_SECRET,
): Promise<string> {
  const secret = newTotpSecret();
  await User.query(db)
    .patch({ totpSecret: sealTotpSecret(secret, serverSecret), totpEnabledAt: new Date(), totpLastStep: null })
    .where({ id: userId });
  return secret;
}

// The last time step each secret's code was given out for: a server accepts each step once, and none older.
const lastStepGiven = new Map<string, number>();

/**
 * A TOTP code of `secret` the server will accept: of a time step no code was
 * given out for before, within the ±1 step the server allows (after the
 * previous step while this one has over 5 seconds left). When all three are
 * used it waits for the next step.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = totpStep(now);
    const leftInStep = (step + 1) * 30_000 - now;
    const earliest = leftInStep > 5_000 ? step - 1 : step;
    const candidate = Math.max(earliest, (lastStepGiven.get(secret) ?? -Infinity) + 1);
    if (candidate <= step + 1) {
      lastStepGiven.set(secret, candidate);
      return totpCodeAt(secret, candidate);
    }
    await new Promise((resolve) => setTimeout(resolve, leftInStep + 50));
  }
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** A real account in the database; returns the plain password for logging in. */
export async function buildUser(
  db: Knex,
  options: {
    accountType?: AccountType;
    /** For staff: the role (admin when left out). */
    staffRole?: StaffRole;
    username?: string;
    password?: string;
    email?: string | null;
    firstName?: string;
    /**
     * Two-factor sign-in on, with a known secret (BuiltUser.totpSecret). By
     * default on for admins, who may not work without it (decision 169);
     * logIn and the e2e helpers then complete the second step.
     */
    twoFactor?: boolean;
    /** The SESSION_SECRET of the server that checks the codes, when it is not the test configuration's. */
    serverSecret?: string;
  } = {},
): Promise<BuiltUser> {
  const username = options.username ?? uniqueName(options.accountType === 'staff' ? 'staff' : 'client');
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const user = await createUser(db, {
    username,
    password,
    email: options.email ?? null,
    firstName: options.firstName ?? null,
    accountType: options.accountType ?? 'client',
    staffRole: options.staffRole,
  });
  if (!(options.twoFactor ?? user.mustUseTwoFactor)) return { user, username, password };
  const totpSecret = await enableTestTwoFactor(db, user.id, options.serverSecret);
  const withTwoFactor = (await User.query(db).findById(user.id))!;
  return { user: withTwoFactor, username, password, totpSecret };
}

/** The second step of a login, when the answer to the first asks for it. */
export async function completeTestLogin(
  built: Pick<BuiltUser, 'username' | 'totpSecret'>,
  answer: { twoFactorRequired?: unknown },
  sendCode: (code: string) => PromiseLike<{ status: number }>,
): Promise<void> {
  if (answer.twoFactorRequired !== true) return;
  if (!built.totpSecret) throw new Error(`${built.username} has two-factor sign-in on, with a secret no test knows`);
  const res = await sendCode(await nextTotpCode(built.totpSecret));
  if (res.status !== 200) throw new Error(`the second step of the login failed with ${res.status}`);
}

/**
 * Logs an agent in through the real endpoints (its cookie jar keeps the
 * session), with a code for the second step when the account has
 * two-factor sign-in on.
 */
export async function logIn(
  agent: { post(url: string): { send(body: unknown): PromiseLike<{ status: number; body: unknown }> } },
  built: Pick<BuiltUser, 'username' | 'password' | 'totpSecret'>,
): Promise<void> {
  const res = await agent.post('/api/login').send({ username: built.username, password: built.password });
  if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
  await completeTestLogin(built, res.body as { twoFactorRequired?: unknown }, (code) =>
    agent.post('/api/login/2fa').send({ code }),
  );
}
