import { useParams } from 'react-router-dom';
import { CustomerScreen } from '@/features/admin-customers/components/customer-screen';

/** /admin/customers/:id in the console. */
export function Component() {
  const { id = '' } = useParams();
  return <CustomerScreen customerId={id} />;
}
