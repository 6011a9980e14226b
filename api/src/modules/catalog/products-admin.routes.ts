import Router from '@koa/router';
import type { Context } from 'koa';
import { PRODUCT_IMAGE_MAX_BYTES, productCreateSchema, productPatchSchema } from '@shared/schemas/catalog';
import type { AppDeps } from '../../app-deps';
import { BadRequest, HttpError, NotFound } from '../../errors';
import { requireStaff } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { findProductImage } from './product-images';
import {
  createProduct,
  findAdminProduct,
  listAdminProducts,
  setProductImage,
  updateProduct,
} from './products-admin.service';

/** The raw bytes of an image upload, refused past the size limit without reading further. */
async function readUpload(ctx: Context): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  const tooLarge = () =>
    new HttpError(413, `image: the file must be at most ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`);
  if (declared > PRODUCT_IMAGE_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PRODUCT_IMAGE_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  if (size === 0) throw new BadRequest('image: send the image file as the request body');
  return Buffer.concat(chunks);
}

/** The staff Catalogue: products created, edited, archived, given an image; and the images themselves. */
export function productsAdminRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/admin/products', requireStaff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listAdminProducts(db);
  });

  router.get('/api/admin/products/:id', requireStaff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await findAdminProduct(db, ctx.params.id!);
  });

  router.post('/api/admin/products', requireStaff, validate({ body: productCreateSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createProduct(db, ctx.state.input.body);
  });

  router.patch('/api/admin/products/:id', requireStaff, validate({ body: productPatchSchema }), async (ctx) => {
    ctx.body = await updateProduct(db, ctx.params.id!, ctx.state.input.body);
  });

  // The body is the image itself (Content-Type image/png, image/jpeg or image/webp; see json-body.ts).
  router.post('/api/admin/products/:id/image', requireStaff, async (ctx) => {
    if (!ctx.is('image/png', 'image/jpeg', 'image/webp')) {
      throw new HttpError(415, 'image: send a PNG, JPEG or WebP file with its Content-Type');
    }
    ctx.body = await setProductImage(db, ctx.params.id!, await readUpload(ctx));
  });

  // Named by the SHA-256 of their bytes: a URL's content never changes, so it may be cached for a year.
  router.get('/api/product-images/:file', async (ctx) => {
    const match = /^([0-9a-f]{64})\.webp$/.exec(ctx.params.file ?? '');
    const image = match ? await findProductImage(db, match[1]!) : undefined;
    if (!image) throw new NotFound('Image not found');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', `"${match![1]}"`);
    ctx.type = 'image/webp';
    ctx.body = image;
  });

  return router;
}
