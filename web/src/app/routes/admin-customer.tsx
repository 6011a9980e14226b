import { useParams } from 'react-router-dom';
import { CustomerScreen } from '@/features/admin-customers/components/customer-screen';
import { CustomerBillingCard } from '@/features/billing/components/customer-billing-card';

/** /admin/customers/:id in the console, with the customer's invoices and credit notes. */
export function Component() {
  const { id = '' } = useParams();
  return <CustomerScreen customerId={id} billing={<CustomerBillingCard customerId={id} />} />;
}
