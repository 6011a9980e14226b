import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, otpauthUrl, totpCodeAt, totpStep } from './totp';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box';

const SERVER_SECRET = 'unit-test-session-secret-0123456789abcdef';

describe('TOTP codes (RFC 6238)', () => {
  it('matches the RFC 6238 test vector for SHA-1 (59 s → 94287082, last 6 digits)', () => {
    // The RFC's key is the ASCII "12345678901234567890"; in base32:
    const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(rfcKey, totpStep(59_000))).toBe('287082');
  });

  it('accepts the current step and one either side, and names the step; refuses two off and non-codes', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const step = totpStep(now);
    for (const offset of [-1, 0, 1])
      expect(matchTotpStep(secret, totpCodeAt(secret, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchTotpStep(secret, totpCodeAt(secret, step + offset), now)).toBeNull();
    for (const code of ['', '12345', '1234567', 'abcdef']) expect(matchTotpStep(secret, code, now)).toBeNull();
  });

  it('makes an otpauth link with the issuer, account and secret', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl(secret, 'ada'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Northstar IT');
    expect(decodeURIComponent(url.pathname)).toContain('ada');
  });
});

describe('TOTP secrets at rest', () => {
  it('seals with a fresh IV each time and opens only with the same server secret, untampered', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(secret, SERVER_SECRET);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(secret, SERVER_SECRET)).not.toBe(sealed);
    expect(openTotpSecret(sealed, SERVER_SECRET)).toBe(secret);
    expect(openTotpSecret(sealed, `${SERVER_SECRET}x`)).toBeNull();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(openTotpSecret([version, iv, tag, flipped].join('.'), SERVER_SECRET)).toBeNull();
    expect(openTotpSecret('not sealed', SERVER_SECRET)).toBeNull();
  });
});
