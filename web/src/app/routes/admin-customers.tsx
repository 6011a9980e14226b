import { CustomersScreen } from '@/features/admin-customers/components/customers-screen';

/** /admin/customers in the console. */
export function Component() {
  return <CustomersScreen />;
}
