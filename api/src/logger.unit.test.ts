import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatLogLine, LineBuffer, resolveLogFormat } from './logger';

describe('log format', () => {
  it('is pretty only in development on a terminal, unless chosen', () => {
    expect(resolveLogFormat('auto', 'development', true)).toBe('pretty');
    expect(resolveLogFormat('auto', 'development', false)).toBe('json');
    expect(resolveLogFormat('auto', 'production', true)).toBe('json');
    expect(resolveLogFormat('auto', 'test', true)).toBe('json');
    expect(resolveLogFormat('pretty', 'production', false)).toBe('pretty');
    expect(resolveLogFormat('json', 'development', true)).toBe('json');
  });

  it('shows a request as one short line', () => {
    const line = formatLogLine(
      '{"level":30,"time":"2026-11-23T10:11:12.345Z","requestId":"abc-1","method":"GET","path":"/api/products","status":200,"ms":3.1,"ip":"127.0.0.1","msg":"request"}',
    );
    expect(line).toBe('10:11:12.345 INFO  GET /api/products 200 3.1 ms\n');
  });

  it('shows other events with their fields, colouring warnings on a terminal', () => {
    const line = formatLogLine(
      '{"level":40,"time":"2026-11-23T10:11:12.345Z","path":"/api/login","reason":"connect ECONNREFUSED 127.0.0.1:5432","msg":"database unavailable"}',
      true,
    );
    expect(line).toBe(
      '10:11:12.345 \u001b[33mWARN \u001b[0m database unavailable path=/api/login reason="connect ECONNREFUSED 127.0.0.1:5432"\n',
    );
    expect(formatLogLine('not json')).toBe('not json\n');
  });
});

describe('LineBuffer', () => {
  function recording() {
    const chunks: string[] = [];
    const calls: string[] = [];
    return {
      chunks,
      calls,
      stream: {
        write: (chunk: string) => chunks.push(chunk),
        flush: () => calls.push('flush'),
        flushSync: () => calls.push('flushSync'),
      },
    };
  }

  it('holds lines until 16 KB have gathered, then hands them over as one chunk, in order', () => {
    const { chunks, stream } = recording();
    const buffer = new LineBuffer(stream);
    const line = `${'x'.repeat(99)}\n`;
    for (let i = 0; i < 163; i += 1) buffer.write(line);
    expect(chunks).toEqual([]);
    const last = `${'y'.repeat(83)}\n`;
    buffer.write(last);
    buffer.write(line);
    expect(chunks).toEqual([`${line.repeat(163)}${last}`]);
  });

  it('hands everything held over on flush and at exit, and nothing when it holds nothing', () => {
    const { chunks, calls, stream } = recording();
    const buffer = new LineBuffer(stream);
    buffer.write('one\n');
    buffer.write('two\n');
    buffer.flush();
    expect(chunks).toEqual(['one\ntwo\n']);
    buffer.flush();
    expect(chunks).toEqual(['one\ntwo\n']);
    buffer.write('three\n');
    buffer.flushSync();
    expect(chunks).toEqual(['one\ntwo\n', 'three\n']);
    expect(calls).toEqual(['flush', 'flush', 'flushSync']);
  });
});

describe('the production logger', () => {
  it('writes every line held in memory before a process that exits at once ends', () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const script = `
      import { createLogger, requestLogger } from ${JSON.stringify(logger)};
      const logger = createLogger('info');
      logger.info({ n: 1 }, 'first');
      requestLogger(logger).write({ requestId: 'r1', method: 'GET', path: '/x', status: 200, ms: 1, ip: '::1' }, false);
      logger.warn('last');
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(['first', 'request', 'last']);
  });
});
