import { PageContainer } from '@/components/layout/page-container';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { displayName, useUser } from '@/features/auth/api/use-user';
import { BillingCard } from '@/features/billing/components/billing-card';
import { ConsultationBookedNotice } from '@/features/consultation/components/consultation-booked-notice';
import { RecentOrdersCard } from '@/features/orders/components/recent-orders-card';
import { QuotesCard } from '@/features/quotes/components/quotes-card';
import { AccountCard } from '@/features/portal/components/account-card';
import { TicketsCard } from '@/features/tickets/components/tickets-card';
import { SubscriptionCard } from '@/features/subscriptions/components/subscription-card';
import { SubscriptionReturnNotice } from '@/features/subscriptions/components/subscription-return-notice';

function Portal() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <PageContainer className="flex flex-col gap-8 py-12">
      <ConsultationBookedNotice />
      <SubscriptionReturnNotice />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">Welcome, {displayName(user)}</h1>
          <p className="mt-1 text-slate-600">Your orders, service requests, subscription and invoices in one place.</p>
        </div>
        <LogoutButton />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentOrdersCard />
        <TicketsCard />
        <QuotesCard />
        <SubscriptionCard />
        <AccountCard user={user} />
      </div>
      <BillingCard />
    </PageContainer>
  );
}

export function Component() {
  return (
    <RequireAuth>
      <Portal />
    </RequireAuth>
  );
}
