/**
 * The one error type the API throws on purpose. The error middleware turns it
 * into `{ message }` with its status; anything else becomes a 500.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    // These are answers, not bugs: a stack trace would cost time on every 4xx and is never read.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.headers = headers;
  }
}

export class BadRequest extends HttpError {
  constructor(message = 'Bad request') {
    super(400, message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** What the request points at existed but is no longer usable (an expired or replaced link). */
export class Gone extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}
