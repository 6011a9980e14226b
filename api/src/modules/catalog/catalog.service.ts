import type { Knex } from 'knex';
import type { Product as ProductJson } from '@shared/schemas/catalog';
import { recordAudit, systemActor, type AuditActor } from '../audit/audit-log';
import { catalogSeed, type SeedProduct } from './catalog-seed-data';
import { Product } from './product.model';

/** A product row as the API sends it. */
export function toProduct(product: Product): ProductJson {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    rating: product.rating,
    inStock: product.inStock,
    createdAt: new Date(product.createdAt).toISOString(),
  };
}

/** Every product in the shop (not archived), grouped by category, then by name. */
export async function listProducts(db: Knex): Promise<ProductJson[]> {
  const products = await Product.query(db).whereNull('archivedAt').orderBy(['category', 'name']);
  return products.map(toProduct);
}

interface SeedOutcome {
  inserted: number;
  /** Seed products already in the shop (by name), left exactly as they are. */
  kept: number;
}

/**
 * Inserts the catalogue's products that are not in the shop yet (by name) and
 * never changes one that is: staff may have edited its price, stock or image
 * since, and seeding must not undo their work. Running it twice inserts
 * nothing the second time. The audit log records who seeded, with the counts
 * (`catalogue.seeded`), in the same transaction.
 */
export async function seedProducts(
  db: Knex,
  products: readonly SeedProduct[] = catalogSeed,
  actor: AuditActor = systemActor('seed'),
): Promise<SeedOutcome> {
  const rows = products.map((p) => ({
    name: p.name,
    category: p.category,
    description: p.description,
    price: p.price,
    image_url: p.imageUrl,
    rating: p.rating,
    in_stock: p.inStock,
  }));
  return db.transaction(async (trx) => {
    const result = await trx.raw<{ rowCount: number }>(
      `insert into products (name, category, description, price, image_url, rating, in_stock)
     select name, category, description, price, image_url, rating, in_stock
     from jsonb_to_recordset(?::jsonb) as seed(
       name text, category text, description text, price numeric(10,2), image_url text, rating numeric(2,1), in_stock boolean)
     on conflict (name) do nothing`,
      [JSON.stringify(rows)],
    );
    const outcome = { inserted: result.rowCount, kept: rows.length - result.rowCount };
    await recordAudit(trx, actor, { action: 'catalogue.seeded', recordType: 'catalogue', after: outcome });
    return outcome;
  });
}
