import type { SeedResult } from '@shared/schemas/catalog';
import { apiJson } from '@/lib/api-client';

/** POST /api/admin/seed-products with the administrator's bearer token. */
export function seedProducts(token: string): Promise<SeedResult> {
  return apiJson<SeedResult>('POST', '/api/admin/seed-products', undefined, {
    headers: { Authorization: `Bearer ${token}` },
  });
}
