import { pino, type Logger } from 'pino';

export type { Logger };

/** Where a logger's lines go, so the request log can share the stream. */
export const logDestination = Symbol('logDestination');

type WithDestination = Logger & { [logDestination]?: { write(line: string): unknown } };

export type LogFormat = 'json' | 'pretty';

/** `auto` → pretty only in development with a terminal on stdout; JSON for production, files and pipes. */
export function resolveLogFormat(
  format: 'auto' | LogFormat,
  env: string,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): LogFormat {
  if (format !== 'auto') return format;
  return env === 'development' && stdoutIsTerminal ? 'pretty' : 'json';
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, string> = { 40: '\u001b[33m', 50: '\u001b[31m', 60: '\u001b[31m' };
const OMITTED = new Set(['level', 'time', 'msg', 'requestId']);

function printable(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  if (value && typeof value === 'object' && 'message' in value && 'stack' in value) {
    return `\n${String((value as { stack: unknown }).stack)}`;
  }
  return JSON.stringify(value);
}

/**
 * One JSON log line as one readable line: time, level, and for requests
 * `GET /path 200 3.1 ms`, else the message and its fields as key=value.
 */
export function formatLogLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const name = LEVEL_NAMES[level] ?? String(level);
  const tint = colour ? (LEVEL_COLOURS[level] ?? '') : '';
  const reset = tint ? '\u001b[0m' : '';
  let text: string;
  if (entry.msg === 'request' && typeof entry.method === 'string') {
    const user = typeof entry.userId === 'string' ? ` user=${entry.userId}` : '';
    text = `${entry.method} ${String(entry.path)} ${String(entry.status)} ${String(entry.ms)} ms${user}`;
  } else {
    const fields = Object.entries(entry)
      .filter(([key]) => !OMITTED.has(key))
      .map(([key, value]) => `${key}=${printable(value)}`);
    text = [String(entry.msg ?? ''), ...fields].join(' ');
  }
  return `${time} ${tint}${name}${reset} ${text}\n`;
}

/** A destination that turns pino's JSON lines into readable ones on stdout. */
function prettyDestination(): { write(line: string): boolean } {
  const colour = Boolean(process.stdout.isTTY);
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) process.stdout.write(formatLogLine(line, colour));
      return true;
    },
  };
}

/**
 * Logs on stdout: structured JSON, one object per line (production, or
 * whenever stdout is not a terminal), or one readable line per event
 * (`LOG_FORMAT=pretty`, and by default in development on a terminal). JSON
 * writes are buffered (flushed every 16 KB, every second, and on exit) so
 * logging costs no system call per line. Nothing secret is ever passed to it.
 */
export function createLogger(level: string, options: { format?: 'auto' | LogFormat; env?: string } = {}): Logger {
  if (level === 'silent') return pino({ level });
  const pinoOptions = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (resolveLogFormat(options.format ?? 'json', options.env ?? 'production') === 'pretty') {
    const destination = prettyDestination();
    const logger: WithDestination = pino(pinoOptions, destination);
    logger[logDestination] = destination;
    return logger;
  }
  const destination = new LineBuffer(pino.destination({ dest: 1, sync: false }));
  const logger: WithDestination = pino(pinoOptions, destination);
  logger[logDestination] = destination;
  setInterval(() => destination.flush(), 1000).unref();
  return logger;
}

const liveBuffers = new Set<LineBuffer>();
function flushAtExit(): void {
  for (const buffer of liveBuffers) buffer.flushSync();
}

/** What LineBuffer needs of pino's destination (a SonicBoom). */
interface LineStream {
  write(chunk: string): unknown;
  flush(): void;
  flushSync(): void;
}

/**
 * Log lines gathered in memory and handed to the stream 16 KB at a time (SonicBoom's largest single write), so a
 * line costs no system call and a busy second only a few hundred writes. SonicBoom's
 * own `minLength` buffering measured its whole pending buffer's byte length again on every line — a tenth of a
 * signed-in request's JavaScript time at 17,000 requests/s (issue 31) — where this costs one string push.
 */
export class LineBuffer {
  // A string built by appending (V8 keeps it as a rope, flattened once when written), not an array joined.
  private pending = '';

  constructor(
    private readonly stream: LineStream,
    private readonly minChars = 16_384,
  ) {
    if (liveBuffers.size === 0) process.once('exit', flushAtExit);
    liveBuffers.add(this);
  }

  write(line: string): boolean {
    this.pending += line;
    if (this.pending.length >= this.minChars) this.handOver();
    return true;
  }

  /** Everything held goes to the stream, which writes it out (pino's `logger.flush()` calls this). */
  flush(): void {
    this.handOver();
    this.stream.flush();
  }

  /** At exit: lines still held reach the stream, and the stream the file descriptor, before the process ends. */
  flushSync(): void {
    this.handOver();
    try {
      this.stream.flushSync();
    } catch {
      // The stream is closed or not open yet: nothing more can be written.
    }
  }

  private handOver(): void {
    if (this.pending.length === 0) return;
    const chunk = this.pending;
    this.pending = '';
    this.stream.write(chunk);
  }
}

export interface RequestLogEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  ip: string;
  userId?: string;
}

/** The time now as pino's `isoTime` writes it, made once per millisecond (requests come many per millisecond). */
let isoAt = 0;
let isoText = '';
function isoNow(): string {
  const now = Date.now();
  if (now !== isoAt) {
    isoAt = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

/**
 * Logs one request in pino's line format. The request log is the hottest log
 * line there is, so it is written straight to the logger's stream: the same
 * JSON pino would write, at a sixth of the cost of pino's generic serialiser.
 */
export function requestLogger(logger: Logger): {
  /** Whether a request line at this level would be written (skip building it otherwise). */
  enabled(quiet: boolean): boolean;
  write(entry: RequestLogEntry, quiet: boolean): void;
} {
  const destination = (logger as WithDestination)[logDestination];
  const enabled = (quiet: boolean) => logger.isLevelEnabled(quiet ? 'debug' : 'info');
  const write = (entry: RequestLogEntry, quiet: boolean) => {
    const level = quiet ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    if (!destination) {
      logger[level](entry, 'request');
      return;
    }
    destination.write(
      `{"level":${quiet ? 20 : 30},"time":"${isoNow()}","requestId":${JSON.stringify(entry.requestId)},"method":${JSON.stringify(entry.method)},"path":${JSON.stringify(entry.path)},"status":${entry.status},"ms":${entry.ms},"ip":${JSON.stringify(entry.ip)}${entry.userId ? `,"userId":${JSON.stringify(entry.userId)}` : ''},"msg":"request"}\n`,
    );
  };
  return { enabled, write };
}
