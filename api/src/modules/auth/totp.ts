import { Secret, TOTP } from 'otpauth';

/**
 * TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from an otpauth:// link) through the `otpauth`
 * library. A code is accepted for the current step and one step either side
 * (clock skew); the caller remembers the step accepted so no code works twice.
 */
export const TOTP_ISSUER = 'Northstar IT';
const PERIOD_SECONDS = 30;
const SKEW_STEPS = 1;

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The link an authenticator app reads (from the QR code): otpauth://totp/Issuer:label?secret=…&issuer=… */
export function otpauthUrl(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/** The time step of a moment: the number of 30-second periods since the epoch. */
export function totpStep(timestamp = Date.now()): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp });
}

/**
 * The time step whose code `code` is, within one step of `timestamp`, or
 * null when it is none of them (wrong, or too far off).
 */
export function matchTotpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp, window: SKEW_STEPS });
  return delta === null ? null : totpStep(timestamp) + delta;
}

/** The code of a time step (tests, and anything that must show one). */
export function totpCodeAt(secret: string, step: number): string {
  return totpOf(secret).generate({ timestamp: step * PERIOD_SECONDS * 1000 });
}
