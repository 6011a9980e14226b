import { Link } from 'react-router-dom';
import { DataCard } from '@/components/ui/data-card';
import { useInvoices } from '../api/get-invoices';
import { BillingList } from './billing-list';

const SHOWN = 5;

/**
 * The portal's Billing card: the client's latest invoices and credit notes,
 * with their PDFs; "All invoices" opens the Billing page when there are more.
 * `all` shows every document (the Billing page).
 */
export function BillingCard({ all = false }: { all?: boolean }) {
  return (
    <DataCard
      title={all ? 'Invoices and credit notes' : 'Billing'}
      query={useInvoices()}
      what="invoices"
      isEmpty={(documents) => documents.length === 0}
      empty={{ text: 'No invoices yet. Every payment gets one here.', to: '/shop', action: 'Visit the Shop' }}
    >
      {(documents) => (
        <div className="flex flex-col gap-4">
          <BillingList documents={all ? documents : documents.slice(0, SHOWN)} />
          {!all ? (
            <Link to="/portal/billing" className="text-sm font-semibold text-blue-700 hover:underline">
              {documents.length > SHOWN ? `All ${documents.length} invoices and credit notes` : 'Open Billing'}
            </Link>
          ) : null}
        </div>
      )}
    </DataCard>
  );
}
