import { Link } from 'react-router-dom';
import { TWO_FACTOR_PAGE } from '@shared/schemas/two-factor';
import { Spinner } from '@/components/ui/spinner';
import { useAccount } from '@/features/account/api/account';
import { SessionsCard } from '@/features/account/components/sessions-card';

/** /admin/account: the staff member's two-factor sign-in and signed-in sessions. */
export function Component() {
  const account = useAccount();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-navy-900">Your account</h1>
        <p className="text-slate-600">Two-factor sign-in and where you are signed in.</p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-5" aria-label="Two-factor sign-in">
        <h2 className="text-lg font-semibold text-navy-900">Two-factor sign-in</h2>
        {account.isPending ? (
          <Spinner className="py-4" label="Loading your account" />
        ) : (
          <p className="mt-1 text-sm text-slate-700">
            {account.data?.twoFactorEnabled ? 'On.' : 'Off.'}{' '}
            <Link to={`${TWO_FACTOR_PAGE}?next=/admin/account`} className="font-semibold text-blue-700 hover:underline">
              {account.data?.twoFactorEnabled ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in'}
            </Link>
          </p>
        )}
      </section>
      <SessionsCard />
    </div>
  );
}
