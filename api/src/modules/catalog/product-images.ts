import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import sharp, { type OutputInfo } from 'sharp';
import { BadRequest } from '../../errors';

/** Images are scaled to fit this box (never enlarged). */
const MAX_SIDE = 1600;
/** Refuse decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export interface StoredImage {
  sha256: string;
  url: string;
}

export const productImageUrl = (sha256: string) => `/api/product-images/${sha256}.webp`;

/**
 * Checks an upload by its content (not its declared type): PNG, JPEG or WebP
 * only, decoded by sharp (libvips), turned upright, scaled to fit 1600 px,
 * re-encoded as WebP without metadata, and kept under the SHA-256 of the
 * result (the same image twice is stored once).
 */
export async function storeProductImage(db: Knex | Knex.Transaction, upload: Buffer): Promise<StoredImage> {
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new BadRequest('image: the file is not an image that can be read (send a PNG, JPEG or WebP file)');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new BadRequest(`image: ${format ?? 'this'} images are not accepted; send a PNG, JPEG or WebP file`);
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new BadRequest('image: the file could not be decoded (it may be damaged or too large in pixels)');
  }
  const sha256 = createHash('sha256').update(output.data).digest('hex');
  await db('product_images')
    .insert({ sha256, content: output.data, width: output.info.width, height: output.info.height })
    .onConflict('sha256')
    .ignore();
  return { sha256, url: productImageUrl(sha256) };
}

/** A stored image's WebP bytes, or undefined. */
export async function findProductImage(db: Knex, sha256: string): Promise<Buffer | undefined> {
  const row = await db('product_images').where({ sha256 }).first<{ content: Buffer } | undefined>('content');
  return row?.content;
}
