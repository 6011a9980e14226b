import { AlertTriangle } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { DataCard } from '@/components/ui/data-card';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { hasSubscription, periodEndLabel } from './format';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/**
 * Spec §2 Portal Subscription card: plan, status, "Renews on" or "Ends on",
 * Cancel Subscription (unless already ending), Upgrade Plan or Renew Plan;
 * or "No active subscription" with View Plans.
 */
export function SubscriptionCard() {
  return (
    <DataCard
      title="Subscription"
      query={useSubscriptionStatus()}
      what="subscription"
      isEmpty={(status) => !hasSubscription(status)}
      empty={{ text: 'No active subscription', to: '/pricing', action: 'View Plans' }}
    >
      {(status) => (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium text-slate-600">Plan</dt>
            <dd className="font-semibold text-slate-900">{status.plan ?? 'Custom plan'}</dd>
            <dt className="font-medium text-slate-600">Status</dt>
            <dd>
              <SubscriptionStatusBadge status={status} />
            </dd>
            <dt className="font-medium text-slate-600">{status.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd className="text-slate-900">{periodEndLabel(status)}</dd>
          </dl>
          {status.status === 'past_due' || status.status === 'unpaid' ? (
            <p role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              Your last payment did not go through. Choose your plan on the pricing page to pay the open invoice with
              another card.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {status.cancelAtPeriodEnd ? null : <CancelSubscriptionDialog status={status} />}
            <ButtonLink to="/pricing" variant={status.cancelAtPeriodEnd ? 'primary' : 'outline'}>
              {status.cancelAtPeriodEnd ? 'Renew Plan' : 'Upgrade Plan'}
            </ButtonLink>
          </div>
        </div>
      )}
    </DataCard>
  );
}
