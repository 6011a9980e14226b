import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageContainer } from '@/components/layout/page-container';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { BillingCard } from '@/features/billing/components/billing-card';

/** /portal/billing: every invoice and credit note of the client's, with its PDF. */
export function Component() {
  return (
    <RequireAuth>
      <PageContainer className="flex flex-col gap-8 py-12">
        <div>
          <Link
            to="/portal"
            className="inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to your portal
          </Link>
          <h1 className="mt-3 text-3xl font-bold text-navy-900">Billing</h1>
          <p className="mt-1 text-slate-600">
            An invoice for every payment and a credit note for every refund, each as a PDF.
          </p>
        </div>
        <BillingCard all />
      </PageContainer>
    </RequireAuth>
  );
}
