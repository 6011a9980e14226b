import type { AdminProduct } from '@shared/schemas/catalog';

export interface CatalogueFilters {
  q: string;
  category: string;
  showArchived: boolean;
}

/** The Catalogue's filters as the URL holds them (/admin/catalogue?q=&category=&archived=1). */
export function readCatalogueFilters(params: URLSearchParams): CatalogueFilters {
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    showArchived: params.get('archived') === '1',
  };
}

/** Whether a product matches the search: a part of its name, category or description, any case. */
function matches(product: AdminProduct, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [product.name, product.category, product.description].some((text) => text.toLowerCase().includes(needle));
}

/**
 * The products the Catalogue shows: the whole catalogue comes at once, so it is filtered here. Archived products
 * only when asked for; a category matches exactly; the search matches a part of the name, category or description.
 */
export function filterCatalogue(
  products: readonly AdminProduct[],
  { q, category, showArchived }: CatalogueFilters,
): AdminProduct[] {
  return products.filter(
    (product) =>
      (showArchived || !product.archived) && (!category || product.category === category) && matches(product, q),
  );
}
