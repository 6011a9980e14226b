import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry-policy';
import { describeSendFailure } from './smtp-transport';

describe('retry delays', () => {
  it('double from the base up to the cap, within ±20 %', () => {
    const policy = { baseDelayMs: 1000, maxDelayMs: 10_000, maxAttempts: 10 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, policy, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(retryDelayMs(1, policy, () => 0)).toBe(800);
    expect(retryDelayMs(1, policy, () => 0.999999)).toBe(1200);
  });

  it('by default try for about half a day before giving up', () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_RETRY_POLICY.maxAttempts; attempt += 1) {
      total += retryDelayMs(attempt, DEFAULT_RETRY_POLICY, () => 0.5);
    }
    expect(total / 3_600_000).toBeGreaterThan(10);
    expect(total / 3_600_000).toBeLessThan(14);
  });
});

describe('sorting SMTP failures', () => {
  it('treats a 5xx about the mail as final, with the server answer', () => {
    expect(
      describeSendFailure(
        Object.assign(new Error("Can't send mail - all recipients were rejected"), {
          code: 'EENVELOPE',
          responseCode: 550,
          response: '550 5.1.1 <x@example.com>: Recipient address rejected',
          command: 'RCPT TO',
        }),
      ),
    ).toEqual({ permanent: true, reason: 'RCPT TO: 550 5.1.1 <x@example.com>: Recipient address rejected' });
    expect(
      describeSendFailure(
        Object.assign(new Error('Message failed'), { code: 'EMESSAGE', responseCode: 554, response: '554 5.7.1 Spam' }),
      ).permanent,
    ).toBe(true);
  });

  it('retries 4xx answers, connection problems and 5xx answers about the server or our login', () => {
    const transient = [
      { code: 'EENVELOPE', responseCode: 451, response: '451 4.3.0 Try again later' },
      { code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' },
      { code: 'ETIMEDOUT', message: 'Greeting never received' },
      { code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication credentials invalid' },
      { code: 'EPROTOCOL', responseCode: 554, response: '554 No SMTP service here' },
    ];
    for (const error of transient) {
      expect(describeSendFailure(Object.assign(new Error(error.message ?? 'x'), error)).permanent).toBe(false);
    }
    expect(describeSendFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })).reason).toBe(
      'ESOCKET: connect ECONNREFUSED',
    );
  });
});
