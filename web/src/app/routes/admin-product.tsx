import { useParams } from 'react-router-dom';
import { ProductScreen } from '@/features/admin-catalogue/components/product-screen';

/** /admin/catalogue/:id in the console. */
export function Component() {
  const { id = '' } = useParams();
  return <ProductScreen productId={id} />;
}
