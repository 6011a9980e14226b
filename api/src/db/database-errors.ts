/**
 * Whether an error means "the database cannot be used right now" rather
 * than "this query is wrong": the server or the network is down, the pool
 * timed out waiting for a connection, PostgreSQL is starting, stopping or
 * full, or the database or its credentials are gone. Such errors answer 503
 * with Retry-After; the pool reconnects by itself once the database is back.
 */

// Errors of the socket to PostgreSQL (Node's net, dns).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs: connection exceptions (class 08), the server shutting down or starting (57P01–57P03),
// too many connections (53300), the database gone (3D000), the credentials refused (28000, 28P01).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28000', '28P01']);

// Messages of node-postgres and Knex for a connection lost or never obtained. Knex puts the query in front of the
// driver's message of a failed query ("insert into … - Connection terminated unexpectedly"), so each may come
// after " - ".
const UNAVAILABLE_MESSAGES = [
  /(^| - )Connection terminated/,
  /(^| - )Connection ended unexpectedly/,
  /is not queryable/,
  /^Knex: Timeout acquiring a connection/,
  /(^| - )timeout expired/i,
];

/** Set on an error raised while a new connection was being opened (see `markConnectionFailures`). */
const CONNECTION_FAILURE = Symbol('connection failure');

/**
 * Any failure to obtain a working connection means "unavailable", whatever
 * its SQLSTATE: PostgreSQL refuses a login for many reasons (55000 "database
 * is not currently accepting connections" while an operator restores it,
 * 53300, 57P03, 28P01, …) and no query ran. Marks the errors of the pool's
 * connection factory so `isDatabaseUnavailable` knows them by where they came
 * from, not by a list of codes.
 */
export function markConnectionFailures(db: { client: unknown }): void {
  const client = db.client as { acquireRawConnection(): Promise<unknown> };
  const acquire = client.acquireRawConnection.bind(client);
  client.acquireRawConnection = () =>
    acquire().catch((err: unknown) => {
      if (err && typeof err === 'object') {
        Object.defineProperty(err, CONNECTION_FAILURE, { value: true, enumerable: false });
      }
      throw err;
    });
}

function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  if (CONNECTION_FAILURE in err) return true;
  const { code, name, message } = err as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  }
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

export function isDatabaseUnavailable(err: unknown): boolean {
  // Objection wraps driver errors (nativeError); AggregateError carries one per address tried.
  for (let current: unknown = err, depth = 0; current && depth < 4; depth += 1) {
    if (isUnavailable(current)) return true;
    const inner = current as { nativeError?: unknown; cause?: unknown; errors?: unknown };
    if (Array.isArray(inner.errors) && inner.errors.some(isUnavailable)) return true;
    current = inner.nativeError ?? inner.cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * Whether PostgreSQL refused a value (SQLSTATE class 22, "data exception": a
 * date that does not exist, a number out of range, text that is not a
 * number). A value that reached the database unchecked came from the request,
 * so it is the client's 400, not the server's 500.
 */
export function isDataException(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, nativeError, cause } = current as { code?: unknown; nativeError?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = nativeError ?? cause;
  }
  return false;
}
