import type { Knex } from 'knex';
import type { Product as ProductJson } from '@shared/schemas/catalog';
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
  updated: number;
}

/**
 * Writes the catalogue, upserting by product name: new products are inserted,
 * existing ones get the catalogue's current details only when they differ.
 * Running it twice inserts and updates nothing the second time.
 */
export async function seedProducts(db: Knex, products: readonly SeedProduct[] = catalogSeed): Promise<SeedOutcome> {
  const rows = products.map((p) => ({
    name: p.name,
    category: p.category,
    description: p.description,
    price: p.price,
    image_url: p.imageUrl,
    rating: p.rating,
    in_stock: p.inStock,
  }));
  const result = await db.raw<{ rows: { inserted: boolean }[] }>(
    `insert into products (name, category, description, price, image_url, rating, in_stock)
     select name, category, description, price, image_url, rating, in_stock
     from jsonb_to_recordset(?::jsonb) as seed(
       name text, category text, description text, price numeric(10,2), image_url text, rating numeric(2,1), in_stock boolean)
     on conflict (name) do update set
       category = excluded.category, description = excluded.description, price = excluded.price,
       image_url = excluded.image_url, rating = excluded.rating, in_stock = excluded.in_stock, updated_at = now()
     where (products.category, products.description, products.price, products.image_url, products.rating, products.in_stock)
       is distinct from (excluded.category, excluded.description, excluded.price, excluded.image_url, excluded.rating, excluded.in_stock)
     returning (xmax = 0) as inserted`,
    [JSON.stringify(rows)],
  );
  const inserted = result.rows.filter((row) => row.inserted).length;
  return { inserted, updated: result.rows.length - inserted };
}
