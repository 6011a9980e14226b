import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAccount } from '../api/account';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';

/** The Account page's content: the profile (names, email) and the password. */
export function AccountSettings() {
  const account = useAccount();
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
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {/* Keyed by the stored values: the form starts again from what the server has after a change. */}
      <ProfileCard key={`${account.data.email}|${account.data.pendingEmail}`} account={account.data} />
      <PasswordCard />
    </div>
  );
}
