import { z } from 'zod';

/**
 * The one page-cursor format of every keyset list over (created_at desc, id
 * desc) (decision 164): opaque base64url text of `<o|n>.<created_at in epoch
 * microseconds>.<id>` of a boundary row, `o` reading on to the older rows
 * after it, `n` back to the newer rows before it. The server writes them;
 * clients send them back as they are. The tickets' and enquiries' cursors
 * before decision 164, plain `<micros>.<id>`, are still read (as `o`), so
 * old links keep working.
 */
export interface PageCursor {
  direction: 'older' | 'newer';
  micros: string;
  id: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const INSIDE = new RegExp(`^([on])\\.(\\d{1,17})\\.(${UUID})$`);
const PLAIN = new RegExp(`^(\\d{1,17})\\.(${UUID})$`);
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url of ASCII text, without padding (no Buffer or btoa: shared runs in the browser and in Node). */
function toBase64url(text: string): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const char of text) {
    value = ((value << 8) | char.charCodeAt(0)) & 0xffff;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += DIGITS[(value >> bits) & 63];
    }
  }
  return bits > 0 ? out + DIGITS[(value << (6 - bits)) & 63] : out;
}

/** The ASCII text of base64url, or null where a character is not base64url. */
function fromBase64url(text: string): string | null {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const char of text) {
    const digit = DIGITS.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
}

export function writePageCursor(cursor: PageCursor): string {
  return toBase64url(`${cursor.direction === 'newer' ? 'n' : 'o'}.${cursor.micros}.${cursor.id}`);
}

/** The cursor in `text`, or null where it is not one the server could have written. */
export function readPageCursor(text: string): PageCursor | null {
  const plain = PLAIN.exec(text);
  if (plain) return { direction: 'older', micros: plain[1]!, id: plain[2]! };
  const inside = text.length <= 200 ? INSIDE.exec(fromBase64url(text) ?? '') : null;
  return inside ? { direction: inside[1] === 'n' ? 'newer' : 'older', micros: inside[2]!, id: inside[3]! } : null;
}

/** `cursor` of a list query: its shape only (base64url, or the plain form); the server reads what is inside. */
export const pageCursor = z
  .string()
  .max(200, 'Invalid cursor')
  .refine((text) => PLAIN.test(text) || /^[A-Za-z0-9_-]+$/.test(text), 'Invalid cursor');
