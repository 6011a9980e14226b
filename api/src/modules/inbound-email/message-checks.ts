/**
 * What a received message must pass before and after parsing (docs/inbound-email.md, "Hostile mail"): each
 * failure is an `InboundRefusal`, answered 4xx by the webhook and with an SMTP error by the receiver, and logged;
 * nothing here throws anything else.
 */

export type RefusalKind = 'too_large' | 'malformed' | 'no_sender' | 'charset' | 'too_many_parts' | 'compression_bomb';

export class InboundRefusal extends Error {
  override name = 'InboundRefusal';
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }

  /** The webhook's status: 413 for size, 400 for a message that cannot be taken, 422 when it has no sender. */
  get httpStatus(): 400 | 413 | 422 {
    if (this.kind === 'too_large') return 413;
    if (this.kind === 'no_sender') return 422;
    return 400;
  }

  /** The SMTP reply: 552 for size (RFC 5321), 550 with 5.6.x (content) for the rest; never retried. */
  get smtpCode(): number {
    return this.kind === 'too_large' ? 552 : 550;
  }
}

/** The most MIME parts (counted by their Content-Type headers) a message may have. */
export const MAX_PARTS = 500;

/** Charsets TextDecoder knows (WHATWG), and the few mailparser decodes besides. */
const EXTRA_CHARSETS = new Set(['utf-7', 'unicode-1-1-utf-7', 'utf7', 'binary', '8bit', '7bit', 'ascii', 'us-ascii']);

function knownCharset(label: string): boolean {
  const name = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (EXTRA_CHARSETS.has(name)) return true;
  try {
    new TextDecoder(name);
    return true;
  } catch {
    return false;
  }
}

const HEADER_LINE = /^[!-9;-~]+[ \t]*:/;

/** Checks on the raw bytes: a header section, not too many parts, charsets that exist, multiparts with boundaries. */
export function checkRawMessage(raw: Buffer): void {
  // Headers and MIME structure are ASCII: latin1 reads every byte as one character, whatever the body holds.
  const text = raw.toString('latin1');
  const firstLine = text.slice(0, text.search(/\r?\n/) === -1 ? text.length : text.search(/\r?\n/));
  if (!HEADER_LINE.test(firstLine)) {
    throw new InboundRefusal('malformed', 'This is not an email message: it does not start with a header.');
  }
  let parts = 0;
  for (const match of text.matchAll(/^content-type:[ \t]*([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/gim)) {
    parts += 1;
    if (parts > MAX_PARTS) {
      throw new InboundRefusal('too_many_parts', `The message has more than ${MAX_PARTS} MIME parts.`);
    }
    const value = match[1]!.replace(/\r?\n[ \t]/g, ' ');
    if (/^\s*multipart\//i.test(value) && !/\bboundary\s*=\s*("[^"]+"|[^\s;]+)/i.test(value)) {
      throw new InboundRefusal('malformed', 'The message is malformed: a multipart part has no boundary.');
    }
    const charset = /\bcharset\s*=\s*("[^"]*"|[^\s;]+)/i.exec(value)?.[1];
    if (charset !== undefined && !knownCharset(charset)) {
      throw new InboundRefusal('charset', `The message uses an unknown character set: ${charset.slice(0, 40)}.`);
    }
  }
}

/** How much bigger than itself an archive may unpack to, and the most it may unpack to in all. */
const MAX_RATIO = 100;
const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

/**
 * Whether a zip or gzip file would unpack to far more than it weighs (a "zip bomb"). Read from the archive's own
 * directory (zip) or trailer (gzip), never by unpacking. A zip naming sizes it cannot hold (ZIP64 markers, a
 * directory past its end) counts as one too.
 */
export function looksLikeCompressionBomb(content: Buffer): boolean {
  if (content.length >= 18 && content[0] === 0x1f && content[1] === 0x8b) {
    const unpacked = content.readUInt32LE(content.length - 4);
    return unpacked > content.length * MAX_RATIO && unpacked > 10 * 1024 * 1024;
  }
  if (content.length < 22 || content.readUInt32LE(0) !== 0x04034b50) return false;
  // The end-of-central-directory record: in the last 65,557 bytes.
  let end = -1;
  for (let i = content.length - 22; i >= Math.max(0, content.length - 65_557); i -= 1) {
    if (content.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) return false;
  const entries = content.readUInt16LE(end + 10);
  let offset = content.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === 0xffffffff) return true;
  let unpacked = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (offset + 46 > content.length || content.readUInt32LE(offset) !== 0x02014b50) return true;
    const size = content.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return true;
    unpacked += size;
    offset +=
      46 + content.readUInt16LE(offset + 28) + content.readUInt16LE(offset + 30) + content.readUInt16LE(offset + 32);
  }
  return unpacked > MAX_UNPACKED_BYTES || (unpacked > 10 * 1024 * 1024 && unpacked > content.length * MAX_RATIO);
}
