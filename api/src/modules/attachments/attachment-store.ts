import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import {
  ATTACHMENT_ACCEPTED_TEXT,
  ATTACHMENT_MAX_BYTES,
  attachmentUrl,
  type Attachment,
} from '@shared/schemas/attachments';
import { isUuid } from '@shared/schemas/text';
import { BadRequest, HttpError } from '../../errors';

/**
 * The attachment store (decision 190): files linked to an owner (a ticket
 * event, an inbound email…) by `owner_type` + `owner_id`. What a file is comes
 * from its bytes, never from its declared type or its name:
 * - PNG, JPEG, WebP and GIF images are decoded by sharp (libvips) with the
 *   decompression-bomb limit the product images use, turned upright, scaled
 *   to fit 1600 px, and re-encoded as WebP without metadata (a GIF keeps its
 *   first frame): what is served is always an image this server wrote;
 * - PDF, ZIP (and the Office documents that are ZIP files), the older Office
 *   formats and UTF-8 text (plain or CSV) are kept byte for byte and only
 *   ever served as downloads (attachment-download.ts);
 * - anything else is refused with 415.
 */

/** Images are scaled to fit this box (never enlarged). */
const MAX_SIDE = 1600;
/** Refuse decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;
const IMAGE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
const MAX_FILENAME_LENGTH = 180;

/** Who an attachment belongs to: a kind of owner (lower-case, e.g. `ticket_event`) and its id. */
export interface AttachmentOwner {
  ownerType: string;
  ownerId: string;
}

export interface NewAttachment extends AttachmentOwner {
  filename: string;
  data: Buffer;
  /** The staff member or client who sent it; none for a file that came by email. */
  uploadedById?: string | null;
}

export interface AttachmentRow extends AttachmentOwner {
  id: string;
  filename: string;
  contentType: string;
  isImage: boolean;
  size: number;
}

const DOCUMENT_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

interface Detected {
  contentType: string;
  /** The extensions a file of this kind may keep; the first is added when its name has none of them. */
  extensions: string[];
}

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((byte, index) => data[index] === byte);

/** Well-formed UTF-8 without NUL or other control characters than tab, newline, carriage return and form feed. */
function isText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** What a non-image file is, by its bytes; undefined when it is none of the kinds kept. */
export function detectDocument(data: Buffer, extension: string): Detected | undefined {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extensions: ['pdf'] };
  // ZIP: a local file header, or the end record of an empty archive.
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06])) {
    const isOffice = ['docx', 'xlsx', 'pptx'].includes(extension) && data.includes('[Content_Types].xml');
    const isOpenDocument = ['odt', 'ods', 'odp'].includes(extension) && data.includes('mimetypeapplication/vnd.oasis');
    if (isOffice || isOpenDocument) return { contentType: DOCUMENT_TYPES[extension]!, extensions: [extension] };
    return { contentType: 'application/zip', extensions: ['zip'] };
  }
  // The compound file of Word, Excel and PowerPoint before 2007.
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (['doc', 'xls', 'ppt'].includes(extension))
      return { contentType: DOCUMENT_TYPES[extension]!, extensions: [extension] };
    return { contentType: 'application/octet-stream', extensions: ['doc', 'xls', 'ppt'] };
  }
  if (data.length > 0 && isText(data)) {
    if (extension === 'csv') return { contentType: 'text/csv; charset=utf-8', extensions: ['csv'] };
    return { contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'log', 'md'] };
  }
  return undefined;
}

/**
 * A name safe to store and to send back in a Content-Disposition: the last
 * path segment, without control characters or characters file systems refuse,
 * at most 180 characters, never empty.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const limited = [...cleaned].slice(0, MAX_FILENAME_LENGTH).join('');
  return limited || 'file';
}

const extensionOf = (name: string) => {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
};

/** The name with an extension that says what the file is (a ZIP named .exe becomes x.exe.zip). */
function withExtension(name: string, extensions: string[]): string {
  return extensions.includes(extensionOf(name)) ? name : `${name}.${extensions[0]}`;
}

async function reencodeImage(data: Buffer): Promise<{ data: Buffer; width: number; height: number } | undefined> {
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header only (nothing is decoded yet): what the file says it is, and how big it would be.
    const metadata = await sharp(data, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1);
  } catch {
    return undefined;
  }
  if (format && IMAGE_FORMATS.has(format) && pixels > MAX_INPUT_PIXELS) {
    throw new BadRequest('attachments: the image is too large in pixels (at most 40 megapixels)');
  }
  if (!format || !IMAGE_FORMATS.has(format)) return undefined;
  try {
    const output = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data: output.data, width: output.info.width, height: output.info.height };
  } catch {
    throw new BadRequest('attachments: the image could not be decoded (it may be damaged or too large in pixels)');
  }
}

const ROW_COLUMNS = ['id', 'ownerType', 'ownerId', 'filename', 'contentType', 'isImage', 'size'];

export const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  filename: row.filename,
  contentType: row.contentType,
  size: row.size,
  isImage: row.isImage,
  url: attachmentUrl(row.id),
});

/** A file checked and made ready to store (re-encoded if an image); no owner yet. */
export interface PreparedAttachment {
  filename: string;
  contentType: string;
  isImage: boolean;
  data: Buffer;
  width: number | null;
  height: number | null;
}

/**
 * Checks a file by its bytes, outside any transaction (re-encoding an image
 * takes a moment; no row lock should wait on it). 413 past
 * ATTACHMENT_MAX_BYTES, 415 for a kind not kept, 400 for an empty file or an
 * image that does not decode.
 */
export async function prepareAttachment(file: { filename: string; data: Buffer }): Promise<PreparedAttachment> {
  if (file.data.length > ATTACHMENT_MAX_BYTES) {
    throw new HttpError(413, `attachments: the file must be at most ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`);
  }
  const filename = safeFilename(file.filename);
  if (file.data.length === 0) throw new BadRequest(`attachments: ${filename} is empty`);
  const image = await reencodeImage(file.data);
  if (image) {
    return {
      filename: `${filename.replace(/\.[A-Za-z0-9]{1,8}$/, '') || 'image'}.webp`,
      contentType: 'image/webp',
      isImage: true,
      data: image.data,
      width: image.width,
      height: image.height,
    };
  }
  const detected = detectDocument(file.data, extensionOf(filename));
  if (!detected) {
    throw new HttpError(
      415,
      `attachments: ${filename} is not a kind of file we accept; send ${ATTACHMENT_ACCEPTED_TEXT}`,
    );
  }
  return {
    filename: withExtension(filename, detected.extensions),
    contentType: detected.contentType,
    isImage: false,
    data: file.data,
    width: null,
    height: null,
  };
}

/** Stores a prepared file for its owner, in the caller's transaction (with the owner's own row). */
export async function insertAttachment(
  trx: Knex | Knex.Transaction,
  owner: AttachmentOwner & { uploadedById?: string | null },
  file: PreparedAttachment,
): Promise<Attachment> {
  if (!/^[a-z_]+$/.test(owner.ownerType) || !isUuid(owner.ownerId)) throw new Error('insertAttachment: bad owner');
  const [row] = (await trx('attachments')
    .insert({
      ownerType: owner.ownerType,
      ownerId: owner.ownerId,
      filename: file.filename,
      contentType: file.contentType,
      isImage: file.isImage,
      size: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      content: file.data,
      width: file.width,
      height: file.height,
      uploadedById: owner.uploadedById ?? null,
    })
    .returning(ROW_COLUMNS)) as AttachmentRow[];
  return toAttachment(row!);
}

/**
 * Checks a file by its bytes and stores it for its owner, in the caller's
 * transaction (with the owner's own row, so a failed upload leaves neither).
 * The errors of prepareAttachment.
 */
export async function storeAttachment(trx: Knex | Knex.Transaction, file: NewAttachment): Promise<Attachment> {
  return insertAttachment(trx, file, await prepareAttachment(file));
}

/** The attachments of some owners of one kind, by owner id, each list oldest first. */
export async function attachmentsOf(
  db: Knex | Knex.Transaction,
  ownerType: string,
  ownerIds: readonly string[],
): Promise<Map<string, Attachment[]>> {
  const byOwner = new Map<string, Attachment[]>();
  const ids = ownerIds.filter(isUuid);
  if (ids.length === 0) return byOwner;
  const rows = (await db('attachments')
    .select(ROW_COLUMNS)
    .where({ ownerType })
    .whereIn('ownerId', ids)
    .orderBy([{ column: 'createdAt' }, { column: 'id' }])) as AttachmentRow[];
  for (const row of rows) {
    const list = byOwner.get(row.ownerId) ?? [];
    list.push(toAttachment(row));
    byOwner.set(row.ownerId, list);
  }
  return byOwner;
}

/** One attachment's row (without its bytes), or undefined. */
export async function findAttachment(db: Knex, id: string): Promise<AttachmentRow | undefined> {
  if (!isUuid(id)) return undefined;
  return (await db('attachments').select(ROW_COLUMNS).where({ id }).first()) as AttachmentRow | undefined;
}

/** One attachment's bytes. */
export async function attachmentContent(db: Knex, id: string): Promise<Buffer> {
  const row = (await db('attachments').where({ id }).first('content')) as { content: Buffer };
  return row.content;
}
