import type { Context, Middleware } from 'koa';
import {
  CheckViolationError,
  DataError,
  ForeignKeyViolationError,
  NotFoundError,
  NotNullViolationError,
  UniqueViolationError,
  ValidationError,
} from 'objection';
import { ZodError } from 'zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDataException,
  isDatabaseUnavailable,
} from '../db/database-errors';
import { HttpError } from '../errors';
import type { Logger } from '../logger';

/** What a client is told about an error (an HttpError is one). */
interface Answer {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** Errors from koa-bodyparser / raw-body / http-errors carry a status and a type. */
interface StatusError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

function fromStatusError(err: StatusError): Answer | null {
  const status = Number(err.status ?? err.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 599) return null;
  if (err instanceof SyntaxError && status === 400) return { status: 400, message: 'Malformed JSON in request body' };
  switch (err.type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'Malformed JSON in request body' };
    case 'entity.too.large':
      return { status: 413, message: 'Request body is too large (the limit is 100 KB)' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'Unsupported request body encoding' };
    case 'request.aborted':
      return { status: 400, message: 'Request aborted' };
  }
  if (status >= 500 || err.expose !== true) return null;
  return { status, message: typeof err.message === 'string' ? err.message : 'Bad request' };
}

/** The first problem zod found, as "field: message" (or just the message; `fallback` when there is none). */
export function describeZodIssue(err: ZodError, fallback: string): string {
  const issue = err.issues[0];
  if (!issue) return fallback;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** PostgreSQL refused a value (SQLSTATE class 22, through Objection or straight from Knex): never the SQL itself. */
export const DATA_EXCEPTION_MESSAGE = 'A value has the wrong format or is out of range';

/** Turns any thrown error into the answer a client should see. */
export function toAnswer(err: unknown): Answer | null {
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  if (err instanceof ZodError) return { status: 400, message: describeZodIssue(err, 'Invalid request') };
  if (err instanceof NotFoundError) return { status: 404, message: 'Not found' };
  if (err instanceof UniqueViolationError) return { status: 409, message: 'This record already exists' };
  if (err instanceof ForeignKeyViolationError)
    return { status: 409, message: 'This record is referenced elsewhere or refers to something that does not exist' };
  if (err instanceof NotNullViolationError) return { status: 400, message: `${err.column} is required` };
  if (err instanceof CheckViolationError) return { status: 400, message: 'A value is out of the allowed range' };
  if (err instanceof DataError || isDataException(err)) return { status: 400, message: DATA_EXCEPTION_MESSAGE };
  if (err instanceof ValidationError) return { status: 400, message: err.message };
  if (err && typeof err === 'object') return fromStatusError(err as StatusError);
  return null;
}

/**
 * Answers with an error without throwing. Guards that turn away many requests
 * (not logged in, not staff) use it: a rejection travelling up the async
 * middleware chain costs a third of the throughput of a request.
 */
export function answerWithError(ctx: Context, error: Answer): void {
  ctx.status = error.status;
  ctx.body = { message: error.message };
  if (error.headers && Object.keys(error.headers).length > 0) ctx.set(error.headers);
}

/**
 * The first middleware: every error becomes JSON `{ message }` with its
 * status. Unexpected errors are logged and answered with a bare 500, never
 * with SQL or a stack trace.
 */
export function errorHandler(logger: Logger): Middleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
    } catch (err) {
      const answer = toAnswer(err);
      if (answer) return answerWithError(ctx, answer);
      if (isDatabaseUnavailable(err)) {
        // No stack: the cause is outside this process, and an outage would flood the log with identical traces.
        logger.warn(
          { requestId: ctx.state.requestId, path: ctx.path, reason: (err as Error).message },
          'database unavailable',
        );
        return answerWithError(ctx, {
          status: 503,
          message: DATABASE_UNAVAILABLE_MESSAGE,
          headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }
      logger.error({ err, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Internal Server Error' };
    }
  };
}
