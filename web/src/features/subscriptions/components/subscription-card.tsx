import { AlertTriangle } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
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
  const status = useSubscriptionStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Spinner label="Loading subscription" className="py-6" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Unable to load your subscription. Please reload the page.
          </p>
        ) : !hasSubscription(status.data) ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-slate-600">No active subscription</p>
            <ButtonLink to="/pricing" variant="outline" size="sm">
              View Plans
            </ButtonLink>
          </div>
        ) : (
          <div className="flex flex-col gap-5">
            <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-medium text-slate-600">Plan</dt>
              <dd className="font-semibold text-slate-900">{status.data.plan ?? 'Custom plan'}</dd>
              <dt className="font-medium text-slate-600">Status</dt>
              <dd>
                <SubscriptionStatusBadge status={status.data.status} />
              </dd>
              <dt className="font-medium text-slate-600">{status.data.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
              <dd className="text-slate-900">{periodEndLabel(status.data)}</dd>
            </dl>
            {status.data.status === 'past_due' || status.data.status === 'unpaid' ? (
              <p role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                Your last payment did not go through. Choose your plan on the pricing page to pay the open invoice with
                another card.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {status.data.cancelAtPeriodEnd ? null : <CancelSubscriptionDialog status={status.data} />}
              <ButtonLink to="/pricing" variant={status.data.cancelAtPeriodEnd ? 'primary' : 'outline'}>
                {status.data.cancelAtPeriodEnd ? 'Renew Plan' : 'Upgrade Plan'}
              </ButtonLink>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
