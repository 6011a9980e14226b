import type { Config } from './config';
import { EmbeddedPostgresError } from './db/embedded-postgres';

/** What an operator is told about the database they configured (never its password). */
function describeDatabase(databaseUrl: string): { where: string; user: string; database: string } {
  try {
    const url = new URL(databaseUrl);
    return {
      where: `${url.hostname}:${url.port || '5432'}`,
      user: decodeURIComponent(url.username) || 'the default user',
      database: decodeURIComponent(url.pathname.slice(1)) || 'the default database',
    };
  } catch {
    return { where: 'the DATABASE_URL server', user: 'the DATABASE_URL user', database: 'the DATABASE_URL database' };
  }
}

function codeOf(err: unknown): string | undefined {
  for (let current: unknown = err, depth = 0; current && depth < 4; depth += 1) {
    const { code, errors, nativeError } = current as { code?: unknown; errors?: unknown[]; nativeError?: unknown };
    if (typeof code === 'string') return code;
    current = nativeError ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

/**
 * One line saying what went wrong at start-up and how to fix it, for the
 * failures an operator meets on day one; null for anything else (a bug:
 * print the stack trace).
 */
export function describeStartupError(
  err: unknown,
  config: Pick<Config, 'databaseUrl' | 'host' | 'port'>,
): string | null {
  if (err instanceof EmbeddedPostgresError) return err.message;
  const code = codeOf(err);
  if (code === 'EADDRINUSE') {
    return `Port ${config.port} is already in use on ${config.host}: stop the program using it, or set PORT to a free port.`;
  }
  if (code === 'EACCES' && (err as { syscall?: unknown }).syscall === 'listen') {
    return `Not allowed to listen on port ${config.port}: ports below 1024 need privileges; set PORT to 1024 or above.`;
  }
  if (!config.databaseUrl) return null;
  const { where, user, database } = describeDatabase(config.databaseUrl);
  switch (code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot reach PostgreSQL at ${where} (DATABASE_URL): ${code}. Start PostgreSQL there, or fix the host and port in DATABASE_URL.`;
    case '3D000':
      return `The database "${database}" does not exist on ${where}: create it (createdb ${database}), or fix the database name in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused user "${user}": fix the user name or password in DATABASE_URL.`;
    case '57P03':
      return `PostgreSQL at ${where} is starting up or shutting down: try again in a moment.`;
    case '53300':
      return `PostgreSQL at ${where} has no free connections: raise max_connections or stop other clients.`;
  }
  if ((err as { name?: unknown }).name === 'KnexTimeoutError') {
    return `Timed out connecting to PostgreSQL at ${where} (DATABASE_URL): check that it is running and reachable.`;
  }
  return null;
}
