import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets are kept encrypted at rest (AES-256-GCM), under a key derived
 * with HKDF from the server's session secret: a copy of the database alone
 * (a backup, a dump) does not hand out anyone's second factor. Changing
 * SESSION_SECRET makes the stored secrets unreadable: two-factor sign-in
 * must then be reset for those accounts (decision 169).
 *
 *   v1.<iv>.<tag>.<ciphertext>   (base64url)
 */
const VERSION = 'v1';

function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'northstar-totp', 'totp-secret-v1', 32));
}

export function sealTotpSecret(secret: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

/** The secret, or null when the value was not sealed with this server secret (or was tampered with). */
export function openTotpSecret(stored: string, serverSecret: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
