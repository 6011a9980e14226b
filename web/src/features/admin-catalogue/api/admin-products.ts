import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductCreate, ProductPatch } from '@shared/schemas/catalog';
import { useStaffEvents } from '@/lib/live/staff-events';
import { apiJson, apiUpload } from '@/lib/api-client';

export const adminProductsQueryKey = ['/api/admin/products'] as const;

/** The Catalogue asks again when a product changes anywhere (the `product.updated` staff event). */
function useProductsFollowEvents() {
  const queryClient = useQueryClient();
  useStaffEvents(['product.updated'], () => void queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }));
}

/** GET /api/admin/products: every product, archived ones too, by category and name. */
export function useAdminProducts() {
  useProductsFollowEvents();
  return useQuery({
    queryKey: [...adminProductsQueryKey, 'list'],
    queryFn: () => apiJson<AdminProduct[]>('GET', '/api/admin/products'),
  });
}

/** GET /api/admin/products/:id. */
export function useAdminProduct(id: string) {
  useProductsFollowEvents();
  return useQuery({
    queryKey: [...adminProductsQueryKey, 'one', id],
    queryFn: () => apiJson<AdminProduct>('GET', `/api/admin/products/${encodeURIComponent(id)}`),
  });
}

/** After a change: the product as the server answered, and the lists asked again. */
function useProductChanged() {
  const queryClient = useQueryClient();
  return (product: AdminProduct) => {
    queryClient.setQueryData([...adminProductsQueryKey, 'one', product.id], product);
    void queryClient.invalidateQueries({ queryKey: [...adminProductsQueryKey, 'list'] });
  };
}

/** POST /api/admin/products: a new product. */
export function useCreateProduct() {
  const changed = useProductChanged();
  return useMutation({
    mutationFn: (input: ProductCreate) => apiJson<AdminProduct>('POST', '/api/admin/products', input),
    onSuccess: changed,
  });
}

/** PATCH /api/admin/products/:id: fields, or archiving (`archived`). */
export function useUpdateProduct(id: string) {
  const changed = useProductChanged();
  return useMutation({
    mutationFn: (patch: ProductPatch) =>
      apiJson<AdminProduct>('PATCH', `/api/admin/products/${encodeURIComponent(id)}`, patch),
    onSuccess: changed,
  });
}

/** POST /api/admin/products/:id/image: the file itself as the body; the server re-encodes it to WebP. */
export function useUploadProductImage() {
  const changed = useProductChanged();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      apiUpload<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}/image`, file),
    onSuccess: changed,
  });
}
