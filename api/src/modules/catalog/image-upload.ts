import busboy from 'busboy';
import type { Context } from 'koa';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/schemas/catalog';
import { BadRequest, HttpError } from '../../errors';

/** The form field a multipart upload carries the image in. */
export const IMAGE_FIELD = 'image';

/** What a form's fields, boundaries and headers may add to the image's own bytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new HttpError(413, `image: the file must be at most ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`);

/** A request whose declared length is already past what it may send is refused before a byte is read. */
function refuseDeclaredSize(ctx: Context, allowance: number): void {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > PRODUCT_IMAGE_MAX_BYTES + allowance) throw tooLarge();
}

/** The raw bytes of an image sent as the body itself, refused past the size limit without reading further. */
async function readRawImage(ctx: Context): Promise<Buffer> {
  refuseDeclaredSize(ctx, 0);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > PRODUCT_IMAGE_MAX_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    // The request's own stream failed (the client went away mid-body): its answer, not a server error.
    if (err instanceof HttpError) throw err;
    throw new BadRequest('image: the upload was interrupted');
  }
  if (size === 0) throw new BadRequest('image: send the image file as the request body');
  return Buffer.concat(chunks);
}

/**
 * The file of a multipart/form-data upload's `image` field (as a browser form
 * or `curl -F image=@photo.png` sends it); other fields and files are skipped,
 * and a file past the size limit stops the upload. Every stream involved (the
 * request, the parser, each part's file) has its errors handled: a malformed or
 * cut-off form is a 400, never an unhandled 'error' event that ends the process.
 */
function readFormImage(ctx: Context): Promise<Buffer> {
  refuseDeclaredSize(ctx, FORM_OVERHEAD_BYTES);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 5, fields: 20, parts: 25, fieldSize: 1024 },
      });
    } catch {
      reject(new BadRequest('image: the form data has no boundary; send it as multipart/form-data'));
      return;
    }
    let image: Buffer | null = null;
    let settled = false;
    /** The answer is known: stop parsing, and let the rest of the body drain so the connection stays usable. */
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(error);
    };
    const unreadable = () =>
      fail(new BadRequest('image: the form data could not be read (it is malformed or cut off)'));
    parser.on('file', (field, stream) => {
      // A part's stream errors when the form ends inside it; the parser reports the same problem.
      stream.on('error', unreadable);
      if (field !== IMAGE_FIELD || image || settled) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!settled) image = Buffer.concat(chunks);
      });
    });
    parser.on('error', unreadable);
    parser.on('close', () => {
      if (settled) return;
      if (!image || image.length === 0) {
        fail(new BadRequest(`image: send the image file in the form field "${IMAGE_FIELD}"`));
      } else {
        settled = true;
        resolve(image);
      }
    });
    // The client went away mid-body: nobody hears the answer, but the request must not wait forever.
    ctx.req.on('error', () => fail(new BadRequest('image: the upload was interrupted')));
    ctx.req.pipe(parser);
  });
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
