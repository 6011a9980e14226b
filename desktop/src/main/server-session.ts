import { errorBodyMessage } from '@shared/error-body';
import {
  publicUserSchema,
  SESSION_TRANSPORT_HEADER,
  TOKEN_TRANSPORT,
  tokenLoginAnswerSchema,
  type LoginInput,
} from '@shared/schemas/auth';
import { twoFactorRequiredAnswerSchema } from '@shared/schemas/two-factor';
import type { LoginResult, SetServerResult } from '../common/ipc-channels';

/** The fetch the main process talks to the server with (Electron's net.fetch; tests pass a fake). */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 15_000;

function unreachable(serverUrl: string): string {
  return `Cannot reach ${serverUrl}. Check the address and your connection, then try again.`;
}

/** The `message` of a JSON error answer, else the spec's "<status>: <body>". */
async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return errorBodyMessage(text) ?? `${res.status}: ${text.slice(0, 200) || res.statusText}`;
}

/** Whether `serverUrl` answers like a Northstar server (GET /api/auth/session → `{ user }`). */
export async function probeServer(fetch: Fetch, serverUrl: string): Promise<SetServerResult> {
  let res: Response;
  try {
    res = await fetch(`${serverUrl}/api/auth/session`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: unreachable(serverUrl) };
  }
  const body: unknown = await res.json().catch(() => null);
  const looksRight =
    res.ok &&
    body !== null &&
    typeof body === 'object' &&
    'user' in body &&
    publicUserSchema.nullable().safeParse(body.user).success;
  return looksRight ? { ok: true } : { ok: false, message: `${serverUrl} does not answer like a Northstar server.` };
}

/** What a token login gives: the result for the page, the session's token, or the half-done sign-in's. */
export interface TokenLogin {
  result: LoginResult;
  token: string | null;
  /** The token of a sign-in waiting for its second step (two-factor sign-in), for completeTokenLogin. */
  pendingToken?: string;
}

export const SECOND_STEP_MESSAGE = 'Enter the code from your authenticator app.';

/**
 * Logs in for a session token (POST /api/login asking for a token). Staff
 * accounts only: a client account's session is ended at once. An account
 * with two-factor sign-in answers with the token of a half-done sign-in
 * (decision 169): completeTokenLogin finishes it with a code.
 */
export async function logInForToken(fetch: Fetch, serverUrl: string, credentials: LoginInput): Promise<TokenLogin> {
  return tokenLogin(fetch, serverUrl, '/api/login', credentials, {});
}

/** The second step of a token login: POST /api/login/2fa with the half-done sign-in's token and a code. */
export async function completeTokenLogin(
  fetch: Fetch,
  serverUrl: string,
  pendingToken: string,
  code: string,
): Promise<TokenLogin> {
  return tokenLogin(fetch, serverUrl, '/api/login/2fa', { code }, { Authorization: `Bearer ${pendingToken}` });
}

async function tokenLogin(
  fetch: Fetch,
  serverUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<TokenLogin> {
  let res: Response;
  try {
    res = await fetch(`${serverUrl}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [SESSION_TRANSPORT_HEADER]: TOKEN_TRANSPORT,
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { result: { ok: false, message: unreachable(serverUrl) }, token: null };
  }
  if (!res.ok) return { result: { ok: false, message: await errorText(res) }, token: null };
  const json: unknown = await res.json().catch(() => null);
  const pending = twoFactorRequiredAnswerSchema.safeParse(json);
  if (pending.success && pending.data.sessionToken) {
    return {
      result: { ok: false, twoFactorRequired: true, message: SECOND_STEP_MESSAGE },
      token: null,
      pendingToken: pending.data.sessionToken,
    };
  }
  const answer = tokenLoginAnswerSchema.safeParse(json);
  if (!answer.success) {
    return { result: { ok: false, message: `${serverUrl} does not answer like a Northstar server.` }, token: null };
  }
  const { sessionToken, ...user } = answer.data;
  if (user.accountType !== 'staff') {
    await logOutToken(fetch, serverUrl, sessionToken);
    return {
      result: { ok: false, message: 'The staff console is for staff accounts. Clients can use the website.' },
      token: null,
    };
  }
  return { result: { ok: true, user }, token: sessionToken };
}

/** Ends the token's session on the server (POST /api/logout); a server that cannot be reached is not an error. */
export async function logOutToken(fetch: Fetch, serverUrl: string, token: string): Promise<void> {
  try {
    const res = await fetch(`${serverUrl}/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
  } catch {
    // The token is forgotten here anyway; the server drops the session when it expires.
  }
}
