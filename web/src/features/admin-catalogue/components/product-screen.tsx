import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useMay } from '@/lib/staff-role';
import { useAdminProduct } from '../api/admin-products';
import { ProductForm } from './product-form';

function BackToCatalogue() {
  return (
    <Link to="/admin/catalogue" className="flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Catalogue
    </Link>
  );
}

/** /admin/catalogue/new: a new product (for a role with catalogue.manage). */
export function NewProductScreen() {
  const mayManage = useMay('catalogue.manage');
  if (!mayManage) {
    return (
      <div className="flex flex-col gap-6">
        <BackToCatalogue />
        <p className="text-slate-700">Creating products is not part of your role: it changes prices and stock only.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackToCatalogue />
        <h1 className="text-3xl font-bold text-navy-900">New product</h1>
      </div>
      <ProductForm />
    </div>
  );
}

/** /admin/catalogue/:id: a product's details, image and archiving. */
export function ProductScreen({ productId }: { productId: string }) {
  const product = useAdminProduct(productId);
  if (product.isPending) return <Spinner label="Loading the product" className="py-16" />;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold text-navy-900">{missing ? 'Product not found' : 'Product'}</h1>
        <FormAlert>
          {missing
            ? 'There is no product with this id.'
            : errorMessage(product.error, 'The product could not be loaded.')}
        </FormAlert>
        <BackToCatalogue />
      </div>
    );
  }
  const data = product.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackToCatalogue />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-navy-900">{data.name}</h1>
          {data.archived ? <Badge variant="neutral">Archived</Badge> : null}
        </div>
        <p className="text-sm text-slate-600">Last changed {formatDateTime(data.updatedAt)}</p>
      </div>
      {/* The form keeps what staff type; the heading and image follow changes made elsewhere (live). */}
      <ProductForm key={data.id} product={data} />
    </div>
  );
}
