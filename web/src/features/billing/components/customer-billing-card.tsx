import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useCustomerInvoices } from '../api/get-invoices';
import { BillingList } from './billing-list';

/** A customer's invoices and credit notes on their console page, each downloadable. */
export function CustomerBillingCard({ customerId }: { customerId: string }) {
  const query = useCustomerInvoices(customerId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading invoices" className="py-6" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The invoices could not be loaded.
          </p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-slate-600">No invoices or credit notes.</p>
        ) : (
          <BillingList documents={query.data} formatWhen={formatDateTime} />
        )}
      </CardContent>
    </Card>
  );
}
