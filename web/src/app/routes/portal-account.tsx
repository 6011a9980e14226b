import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageContainer } from '@/components/layout/page-container';
import { TWO_FACTOR_PAGE } from '@shared/schemas/two-factor';
import { AccountSettings } from '@/features/account/components/account-settings';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { RequireAuth } from '@/features/auth/components/auth-redirects';

/** /portal/account: the client's own details and password. */
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
          <h1 className="mt-3 text-3xl font-bold text-navy-900">Account</h1>
          <p className="mt-1 text-slate-600">Your name, email address and password.</p>
        </div>
        <AccountSettings />
        <section className="flex flex-col gap-4" aria-labelledby="security-heading">
          <div>
            <h2 id="security-heading" className="text-2xl font-bold text-navy-900">
              Security
            </h2>
            <p className="mt-1 text-slate-600">
              Two-factor sign-in is optional for your account.{' '}
              <Link to={TWO_FACTOR_PAGE} className="font-semibold text-blue-700 hover:underline">
                Two-factor sign-in
              </Link>
            </p>
          </div>
          <SessionsCard />
        </section>
      </PageContainer>
    </RequireAuth>
  );
}
