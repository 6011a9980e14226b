import Router from '@koa/router';
import { productCreateSchema, productPatchSchema } from '@shared/schemas/catalog';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { assertMay, requirePermission, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { readImageUpload } from './image-upload';
import { findProductImage } from './product-images';
import {
  createProduct,
  findAdminProduct,
  listAdminProducts,
  setProductImage,
  updateProduct,
} from './products-admin.service';

const STOCK_AND_PRICE: ReadonlySet<string> = new Set(['price', 'inStock']);

/** The staff Catalogue: products created, edited, archived, given an image; and the images themselves. */
export function productsAdminRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/admin/products', requirePermission('catalogue.read'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listAdminProducts(db);
  });

  router.get('/api/admin/products/:id', requirePermission('catalogue.read'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await findAdminProduct(db, ctx.params.id!);
  });

  router.post(
    '/api/admin/products',
    requirePermission('catalogue.manage'),
    validate({ body: productCreateSchema }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await createProduct(db, ctx.state.input.body, auditActorOf(ctx));
    },
  );

  // Stock and price are fulfilment's too; the product's name, text and archiving are the catalogue manager's.
  router.patch(
    '/api/admin/products/:id',
    requirePermission('catalogue.stock_prices'),
    validate({ body: productPatchSchema }),
    async (ctx) => {
      const patch = ctx.state.input.body;
      if (Object.keys(patch).some((field) => !STOCK_AND_PRICE.has(field))) assertMay(userOf(ctx), 'catalogue.manage');
      ctx.body = await updateProduct(db, ctx.params.id!, patch, auditActorOf(ctx));
    },
  );

  // The image itself as the body, or a multipart form's `image` field (json-body.ts lets both through).
  router.post('/api/admin/products/:id/image', requirePermission('catalogue.manage'), async (ctx) => {
    const upload = await readImageUpload(ctx);
    ctx.body = await setProductImage(db, ctx.params.id!, upload, auditActorOf(ctx));
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
