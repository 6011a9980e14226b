import type { Knex } from 'knex';
import type { AdminProduct, ProductCreate, ProductPatch } from '@shared/schemas/catalog';
import { uuid } from '@shared/schemas/text';
import { Conflict, NotFound } from '../../errors';
import { publish } from '../../live/publish';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit-log';
import { catalogCacheFor } from './catalog-cache';
import { toProduct } from './catalog.service';
import { storeProductImage } from './product-images';
import { Product } from './product.model';

/** A product as staff see it: the shop's fields, and whether it is archived and when it last changed. */
export function toAdminProduct(product: Product): AdminProduct {
  return {
    ...toProduct(product),
    archived: product.archivedAt !== null,
    updatedAt: new Date(product.updatedAt).toISOString(),
  };
}

/** Every product, archived ones too, by category and name. */
export async function listAdminProducts(db: Knex): Promise<AdminProduct[]> {
  const products = await Product.query(db).orderBy(['category', 'name']);
  return products.map(toAdminProduct);
}

export async function findAdminProduct(db: Knex, id: string): Promise<AdminProduct> {
  const product = uuid.safeParse(id).success ? await Product.query(db).findById(id) : undefined;
  if (!product) throw new NotFound('Product not found');
  return toAdminProduct(product);
}

/** Two products may not share a name (the seed upserts by it): a clear 409 naming the field. */
async function assertNameFree(trx: Knex.Transaction, name: string, exceptId?: string): Promise<void> {
  const query = Product.query(trx).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) query.whereNot('id', exceptId);
  if (await query.first()) throw new Conflict(`name: a product named "${name}" already exists`);
}

/**
 * Writes a change and announces it to every instance (their shop snapshots, and staff consoles as a
 * `product.updated` staff event); this instance's snapshot is dropped at once.
 */
async function changeCatalog(
  db: Knex,
  change: (trx: Knex.Transaction) => Promise<AdminProduct>,
): Promise<AdminProduct> {
  const result = await db.transaction(async (trx) => {
    const value = await change(trx);
    await publish(trx, 'catalogue', 'changed');
    await publish(trx, 'staff', { kind: 'product.updated', id: value.id });
    return value;
  });
  catalogCacheFor(db).invalidate();
  return result;
}

/** What the audit log keeps of a product: what the public sees of it. */
const AUDITED_FIELDS = ['name', 'category', 'description', 'price', 'inStock', 'imageUrl', 'archived'] as const;
type AuditedProduct = Pick<AdminProduct, (typeof AUDITED_FIELDS)[number]>;

function auditedFields(product: AdminProduct): AuditedProduct {
  const { name, category, description, price, inStock, imageUrl, archived } = product;
  return { name, category, description, price, inStock, imageUrl, archived };
}

/** `product.archived` or `product.restored` when that is what changed, `product.updated` otherwise. */
function auditAction(before: AdminProduct, after: AdminProduct): string {
  if (!before.archived && after.archived) return 'product.archived';
  if (before.archived && !after.archived) return 'product.restored';
  return 'product.updated';
}

/** One audit row of a product's change, with the values of the fields that changed (none changed: no row). */
async function auditProductChange(
  trx: Knex.Transaction,
  actor: AuditActor,
  before: AdminProduct,
  after: AdminProduct,
): Promise<void> {
  const changes = changedFields(auditedFields(before), auditedFields(after), AUDITED_FIELDS);
  if (!changes.after) return;
  await recordAudit(trx, actor, {
    action: auditAction(before, after),
    recordType: 'product',
    recordId: after.id,
    ...changes,
  });
}

export async function createProduct(db: Knex, input: ProductCreate, actor: AuditActor): Promise<AdminProduct> {
  return changeCatalog(db, async (trx) => {
    await assertNameFree(trx, input.name);
    const product = await Product.query(trx).insertAndFetch({
      name: input.name,
      category: input.category,
      description: input.description,
      price: input.price,
      inStock: input.inStock,
      imageUrl: null,
      rating: null,
    });
    const created = toAdminProduct(product);
    await recordAudit(trx, actor, {
      action: 'product.created',
      recordType: 'product',
      recordId: created.id,
      after: auditedFields(created),
    });
    return created;
  });
}

export async function updateProduct(
  db: Knex,
  id: string,
  patch: ProductPatch,
  actor: AuditActor,
): Promise<AdminProduct> {
  if (!uuid.safeParse(id).success) throw new NotFound('Product not found');
  return changeCatalog(db, async (trx) => {
    const product = await Product.query(trx).findById(id).forUpdate();
    if (!product) throw new NotFound('Product not found');
    if (patch.name !== undefined) await assertNameFree(trx, patch.name, id);
    const { archived, ...fields } = patch;
    const changes: Partial<Product> = { ...fields, updatedAt: new Date() };
    if (archived !== undefined) changes.archivedAt = archived ? (product.archivedAt ?? new Date()) : null;
    const updated = toAdminProduct(await Product.query(trx).patchAndFetchById(id, changes));
    await auditProductChange(trx, actor, toAdminProduct(product), updated);
    return updated;
  });
}

export async function setProductImage(db: Knex, id: string, upload: Buffer, actor: AuditActor): Promise<AdminProduct> {
  if (!uuid.safeParse(id).success) throw new NotFound('Product not found');
  if (!(await Product.query(db).findById(id))) throw new NotFound('Product not found');
  // Decoded and re-encoded before the transaction: no row is locked while libvips works.
  const image = await storeProductImage(db, upload);
  return changeCatalog(db, async (trx) => {
    const product = await Product.query(trx).findById(id).forUpdate();
    if (!product) throw new NotFound('Product not found');
    const updated = toAdminProduct(
      await Product.query(trx).patchAndFetchById(id, { imageUrl: image.url, updatedAt: new Date() }),
    );
    await auditProductChange(trx, actor, toAdminProduct(product), updated);
    return updated;
  });
}
