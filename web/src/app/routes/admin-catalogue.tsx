import { CatalogueScreen } from '@/features/admin-catalogue/components/catalogue-screen';

/** /admin/catalogue in the console. */
export function Component() {
  return <CatalogueScreen />;
}
