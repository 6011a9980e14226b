import type { PublicUser } from '@shared/schemas/auth';
import { ButtonLink } from '@/components/ui/button';
import { DataCard } from '@/components/ui/data-card';
import { formatDate } from '@/lib/format';

/** Spec §2 Portal: email, name when known, Member Since (or N/A); the way to the Account page. */
export function AccountCard({ user }: { user: PublicUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <DataCard title="Account Information">
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-600">Username</dt>
        <dd className="text-slate-900">{user.username}</dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="text-slate-900">{user.email ?? 'Not provided'}</dd>
        {name ? (
          <>
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="text-slate-900">{name}</dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-600">Member Since</dt>
        <dd className="text-slate-900">{formatDate(user.createdAt)}</dd>
      </dl>
      <ButtonLink to="/portal/account" variant="outline" size="sm" className="mt-4">
        Manage Account
      </ButtonLink>
    </DataCard>
  );
}
