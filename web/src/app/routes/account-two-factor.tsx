import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { PageContainer } from '@/components/layout/page-container';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAccount } from '@/features/account/api/account';
import { TwoFactorCard } from '@/features/account/components/two-factor-card';
import { RequireAuth, useNextPath } from '@/features/auth/components/auth-redirects';

/**
 * /account/two-factor: set up or turn off two-factor sign-in. Linked from the
 * portal's Account page and the console; an admin without it is sent here
 * (decision 169) and goes on to ?next= once it is on.
 */
export function Component() {
  return (
    <RequireAuth>
      <PageContainer className="flex flex-col gap-8 py-12">
        <TwoFactorPage />
      </PageContainer>
    </RequireAuth>
  );
}

function TwoFactorPage() {
  const account = useAccount();
  const navigate = useNavigate();
  const staff = account.data?.accountType === 'staff';
  const next = useNextPath(staff ? '/admin' : '/portal/account');
  if (account.isPending) return <Spinner className="py-24" label="Loading your account" />;
  if (account.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center text-slate-700">
        <p>Your account could not be loaded.</p>
        <Button variant="outline" onClick={() => void account.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const mustSetUp = account.data.twoFactorRequired && !account.data.twoFactorEnabled;
  return (
    <>
      <div>
        <Link to={next} className="inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {staff ? 'Back to the console' : 'Back to your account'}
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-navy-900">Two-factor sign-in</h1>
        {mustSetUp ? (
          <p className="mt-1 font-medium text-amber-900" role="status">
            Set up two-factor sign-in first: administrators need it before they can use the console.
          </p>
        ) : (
          <p className="mt-1 text-slate-600">Protect your account with a code from your phone.</p>
        )}
      </div>
      <div className="max-w-2xl">
        <TwoFactorCard account={account.data} onEnabled={() => navigate(next)} />
      </div>
    </>
  );
}
