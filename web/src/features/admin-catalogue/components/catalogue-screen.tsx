import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import type { AdminProduct } from '@shared/schemas/catalog';
import { ConsoleList, ListFilters, SearchField, SelectFilter, useListParams } from '@/components/console/console-list';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { errorMessage, serverFileUrl } from '@/lib/api-client';
import { useMay } from '@/lib/staff-role';
import { useAdminProducts } from '../api/admin-products';
import { filterCatalogue, readCatalogueFilters } from './catalogue-filters';

const COLUMNS = [
  { label: 'Image' },
  { label: 'Product' },
  { label: 'Category' },
  { label: 'Price', align: 'right' },
  { label: 'Stock' },
] as const;

/** A product's picture, small; a box icon when it has none. */
export function ProductThumbnail({ product, size = 48 }: { product: AdminProduct; size?: number }) {
  return product.imageUrl ? (
    <img
      src={serverFileUrl(product.imageUrl)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="rounded-md bg-slate-100 object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      className="flex items-center justify-center rounded-md bg-slate-100 text-slate-400"
      style={{ width: size, height: size }}
    >
      <Package className="h-1/2 w-1/2" aria-hidden="true" />
    </span>
  );
}

/**
 * The staff Catalogue (/admin/catalogue): every product with its picture, price
 * and stock; search, a category filter and archived products on request, all in
 * the URL. The catalogue is small and comes whole (GET /api/admin/products), so
 * filtering is instant and needs no pages. Changes made anywhere appear live.
 */
export function CatalogueScreen() {
  const [params, navigate] = useListParams();
  const filters = readCatalogueFilters(params);
  const { q, category, showArchived } = filters;
  const [search, setSearch] = useState(q);
  const products = useAdminProducts();
  const categories = [...new Set((products.data ?? []).map((product) => product.category))].sort();
  const mayManage = useMay('catalogue.manage');

  return (
    <ConsoleList
      title="Catalogue"
      intro="The products in the shop. Archived products leave the shop but stay on past orders."
      actions={
        mayManage ? (
          <ButtonLink to="/admin/catalogue/new">
            <Plus className="h-4 w-4" aria-hidden="true" />
            New product
          </ButtonLink>
        ) : null
      }
      filters={
        <ListFilters label="Catalogue" submitLabel="Search" onSubmit={() => navigate({ q: search.trim() })}>
          <SearchField value={search} onChange={setSearch} placeholder="Name, category or description" />
          <SelectFilter
            label="Category"
            value={category}
            onChange={(value) => navigate({ category: value })}
            all="All categories"
            options={categories}
            className="w-48"
          />
          <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              checked={showArchived}
              onChange={(event) => navigate({ archived: event.target.checked ? '1' : null })}
              className="h-4 w-4 accent-blue-700"
            />
            Show archived
          </label>
        </ListFilters>
      }
      query={products}
      items={(all) => filterCatalogue(all, filters)}
      texts={{
        loading: 'Loading products',
        error: (error) => errorMessage(error, 'The products could not be loaded. Please try again.'),
        empty: 'No products match.',
      }}
      view={{
        kind: 'table',
        caption: 'Products, by category and name',
        columns: COLUMNS,
        cells: (product) => (
          <>
            <td className="px-4 py-2">
              <ProductThumbnail product={product} />
            </td>
            <td className="px-4 py-3">
              <Link to={`/admin/catalogue/${product.id}`} className="font-semibold text-blue-700 hover:underline">
                {product.name}
              </Link>
              {product.archived ? (
                <Badge variant="neutral" className="ml-2">
                  Archived
                </Badge>
              ) : null}
            </td>
            <td className="px-4 py-3 text-slate-700">{product.category}</td>
            <td className="px-4 py-3 text-right font-semibold tabular-nums text-slate-900">
              {formatPrice(product.price)}
            </td>
            <td className="px-4 py-3">
              {product.inStock ? (
                <Badge variant="success">In stock</Badge>
              ) : (
                <Badge variant="danger">Out of stock</Badge>
              )}
            </td>
          </>
        ),
      }}
    />
  );
}
