import { describe, expect, it } from 'vitest';
import { formatLogLine, resolveLogFormat } from './logger';

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
