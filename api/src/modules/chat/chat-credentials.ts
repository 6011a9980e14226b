import { ServerResponse, type IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import type { Config } from '../../config';
import { currentUser } from '../../middleware/current-user';
import { isTrustedOrigin } from '../../middleware/origin-check';
import { sessionData } from '../auth/session';
import { carriesAuthorization } from '../auth/session-token';
import type { ChatParticipant } from './chat-access';
import { isUuid } from './chat.service';

export type UpgradeDecision =
  { ok: true; participant: ChatParticipant } | { ok: false; status: 401 | 403; message: string };

/** Reads who the request belongs to from one kind of credential; null when it carries none of that kind. */
type CredentialSource = (ctx: Context) => Promise<ChatParticipant | null>;

/**
 * The session, read by koa-session itself (same signing keys, same PostgreSQL
 * store, the user loaded with the session) rather than by a second
 * implementation: the session cookie of a browser, or the bearer session
 * token the desktop console's main process adds to its upgrade request
 * (decision 050). A request with an Authorization header never uses the cookie.
 */
function sessionSource(session: Middleware): CredentialSource {
  return async (ctx) => {
    let participant: ChatParticipant | null = null;
    await session(ctx, async () => {
      const user = await currentUser(ctx);
      const visitorId = ctx.session ? sessionData(ctx).visitorId : undefined;
      participant = { user, visitorId: isUuid(visitorId) ? visitorId : null };
    });
    return participant;
  };
}

/**
 * Decides whether an upgrade to /ws/chat may proceed, and as whom. The
 * credential sources are tried in order.
 */
export function createUpgradeAuthenticator(
  app: Koa,
  session: Middleware,
  config: Pick<Config, 'publicUrl' | 'secureCookies' | 'desktopOrigins'>,
): (req: IncomingMessage) => Promise<UpgradeDecision> {
  const allowedOrigins = new Set([config.publicUrl]);
  // The desktop console's origin, for upgrades that bring their own bearer credentials (never a cookie).
  const withBearer = new Set([config.publicUrl, ...config.desktopOrigins]);
  const sources: CredentialSource[] = [sessionSource(session)];
  return async (req) => {
    // A Koa context over the upgrade request, so cookies, proxies and sessions work as for any request.
    const ctx = app.createContext(req, new ServerResponse(req));
    if (config.secureCookies) ctx.cookies.secure = true;
    // Browsers always send Origin with a WebSocket handshake: a foreign one is a cross-site hijacking attempt.
    if (!isTrustedOrigin(ctx, carriesAuthorization(ctx) ? withBearer : allowedOrigins)) {
      return { ok: false, status: 403, message: 'Cross-origin WebSocket refused' };
    }
    for (const source of sources) {
      const participant = await source(ctx);
      if (participant && (participant.user || participant.visitorId)) return { ok: true, participant };
    }
    return { ok: false, status: 401, message: 'Your chat session has ended. Please start a new chat.' };
  };
}
