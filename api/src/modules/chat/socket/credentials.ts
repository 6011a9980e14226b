import { ServerResponse, type IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import type { Config } from '../../../config';
import { currentUser } from '../../../middleware/current-user';
import { createOriginCheck } from '../../../middleware/origin-check';
import { sessionData } from '../../auth/session';
import { carriesAuthorization } from '../../auth/session-token';
import { participantOf, type ChatParticipant } from '../chat-access';

/** What a socket without a chat session (never had one, or it ended) is told. */
export const SESSION_ENDED = 'Your chat session has ended. Please start a new chat.';

export type UpgradeDecision =
  | {
      ok: true;
      participant: ChatParticipant;
      /** The stored session the socket belongs to (cookie or bearer token): what the per-session cap counts. */
      sessionId: string;
    }
  /** 403: refused before the handshake; 401 (no chat session) and 429 (over a cap): told in the socket. */
  | { ok: false; status: 401 | 403 | 429; message: string };

/**
 * Who the upgrade request belongs to, from the session read by koa-session
 * itself (same signing keys, same PostgreSQL store, the user loaded with the
 * session) rather than by a second implementation: the session cookie of a
 * browser, or the bearer session token the desktop console's main process
 * adds to its upgrade request (decision 050). A request with an Authorization
 * header never uses the cookie.
 */
async function readParticipant(
  session: Middleware,
  ctx: Context,
): Promise<{ participant: ChatParticipant; sessionId: string } | null> {
  const read: { found?: { participant: ChatParticipant; sessionId: string } } = {};
  await session(ctx, async () => {
    const { sessionId } = ctx.state;
    if (!sessionId || !ctx.session) return;
    const participant = participantOf(currentUser(ctx), sessionData(ctx).visitorId);
    if (participant.user || participant.visitorId) read.found = { participant, sessionId };
  });
  return read.found ?? null;
}

/** Decides whether an upgrade to /ws/chat may proceed, and as whom. */
export function createUpgradeAuthenticator(
  app: Koa,
  session: Middleware,
  config: Pick<Config, 'publicUrl' | 'secureCookies' | 'desktopOrigins'>,
): (req: IncomingMessage) => Promise<UpgradeDecision> {
  const originAllowed = createOriginCheck(config);
  return async (req) => {
    // A Koa context over the upgrade request, so cookies, proxies and sessions work as for any request.
    const ctx = app.createContext(req, new ServerResponse(req));
    if (config.secureCookies) ctx.cookies.secure = true;
    // Browsers always send Origin with a WebSocket handshake: a foreign one is a cross-site hijacking attempt.
    // Only an Authorization header keeps the upgrade off the cookie (the session reads the cookie otherwise),
    // so only then may it come from the desktop console's origin.
    if (!originAllowed(ctx, carriesAuthorization(ctx))) {
      return { ok: false, status: 403, message: 'Cross-origin WebSocket refused' };
    }
    const found = await readParticipant(session, ctx);
    if (found) return { ok: true, ...found };
    return { ok: false, status: 401, message: SESSION_ENDED };
  };
}

/** The client's address as every request sees it (`ctx.ip`: X-Forwarded-For with TRUST_PROXY, else the peer). */
export function clientAddressOf(app: Koa): (req: IncomingMessage) => string {
  return (req) => app.createContext(req, new ServerResponse(req)).ip;
}
