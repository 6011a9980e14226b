import type { Context } from 'koa';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/schemas/catalog';
import { BadRequest, HttpError } from '../../errors';
import { readMultipartForm, readRawBody } from '../../middleware/multipart';

/** The form field a multipart upload carries the image in. */
export const IMAGE_FIELD = 'image';

/** The raw bytes of an image sent as the body itself, refused past the size limit without reading further. */
async function readRawImage(ctx: Context): Promise<Buffer> {
  const image = await readRawBody(ctx, PRODUCT_IMAGE_MAX_BYTES, 'image');
  if (image.length === 0) throw new BadRequest('image: send the image file as the request body');
  return image;
}

/**
 * The file of a multipart/form-data upload's `image` field (as a browser form
 * or `curl -F image=@photo.png` sends it); other fields and files are skipped,
 * and a file past the size limit stops the upload. The form is read by the
 * shared hardened reader (middleware/multipart.ts, decision 150).
 */
async function readFormImage(ctx: Context): Promise<Buffer> {
  const form = await readMultipartForm(ctx, {
    label: 'image',
    fileFields: [IMAGE_FIELD],
    maxFileBytes: PRODUCT_IMAGE_MAX_BYTES,
    maxFiles: 1,
    skipExtraFiles: true,
  });
  const image = form.files[0]?.data;
  if (!image || image.length === 0)
    throw new BadRequest(`image: send the image file in the form field "${IMAGE_FIELD}"`);
  return image;
}

/**
 * A product image upload: the file itself as the body (Content-Type
 * image/png, image/jpeg or image/webp), or the `image` field of a
 * multipart/form-data form. Either way at most PRODUCT_IMAGE_MAX_BYTES; what
 * the bytes really are is checked by decoding them (setProductImage).
 */
export function readImageUpload(ctx: Context): Promise<Buffer> {
  if (ctx.is('multipart/form-data')) return readFormImage(ctx);
  if (ctx.is('image/png', 'image/jpeg', 'image/webp')) return readRawImage(ctx);
  throw new HttpError(
    415,
    `image: send a PNG, JPEG or WebP file as the body with its Content-Type, or in the form field "${IMAGE_FIELD}" of multipart/form-data`,
  );
}
