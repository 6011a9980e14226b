import { DBError, UniqueViolationError } from 'objection';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';

/** Objection's wrapper around a driver error, as its query builder throws it. */
function wrapped(nativeError: Error): Error {
  return new DBError({ nativeError, client: 'postgres' } as never);
}

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached or used right now', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // As Knex throws a query's failure: the query in front of the driver's message (seen in the outage test when a
    // pooled connection was terminated under a query).
    const query = 'insert into rate_limits (key, window_start, count, expires_at)\n       values ($1, $2, 1, $3)';
    expect(isDatabaseUnavailable(new Error(`${query} - Connection terminated unexpectedly`))).toBe(true);
    expect(isDatabaseUnavailable(new Error(`${query} - Connection ended unexpectedly`))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { name: 'KnexTimeoutError' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('database "x" does not exist', '3D000'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('password authentication failed', '28P01'))).toBe(true);
    const aggregate = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'failed');
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('connect ECONNREFUSED', 'ECONNREFUSED')))).toBe(true);
  });

  it('leaves query errors and everything else to the error handler', () => {
    expect(isDatabaseUnavailable(withCode('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key', '23505'))).toBe(false);
    expect(
      isDatabaseUnavailable(
        new UniqueViolationError({ nativeError: withCode('dup', '23505'), client: 'postgres' } as never),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('bad', '22P02')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('select \'Connection terminated\' - column "x" does not exist'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
