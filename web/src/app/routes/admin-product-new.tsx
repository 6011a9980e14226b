import { NewProductScreen } from '@/features/admin-catalogue/components/product-screen';

/** /admin/catalogue/new in the console. */
export function Component() {
  return <NewProductScreen />;
}
