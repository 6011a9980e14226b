import { PaymentNotConfigured } from '@/features/payments/components/payment-not-configured';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { readyConfig, usePaymentConfig } from '@/features/payments/api/payment-config';
import { usePlan, usePlans } from '../api/get-plans';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { ChangePlanStep } from './change-plan-step';
import { hasSubscription } from './format';
import { PaymentStep } from './payment-step';
import { PlanNotFound } from './plan-not-found';
import { PlanSummary } from './plan-summary';

/**
 * Spec §2 Subscribe, for a logged-in client and a plan id: "Plan Not Found",
 * "Subscription System Not Configured", or the plan summary beside the step
 * that fits the client's subscription — the payment form for a new one (or an
 * unpaid invoice), a confirmation to renew or switch, or "already subscribed".
 */
export function SubscribeFlow({ planId }: { planId: string }) {
  const plans = usePlans();
  const offered = plans.data?.find((candidate) => candidate.id === planId);
  // A plan made for the client's quote is not offered on /pricing: asked for by its id.
  const quotePlan = usePlan(planId, plans.isSuccess && !offered);
  const status = useSubscriptionStatus();
  const config = usePaymentConfig();
  if (plans.isPending || status.isPending || config.isPending || (quotePlan.isLoading && !offered)) {
    return <Spinner label="Loading your subscription" className="py-24" />;
  }
  if (plans.isError || status.isError || config.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-slate-700">Unable to load this page. Please check your connection and try again.</p>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </div>
    );
  }
  const plan = offered ?? (quotePlan.isSuccess ? quotePlan.data : undefined);
  if (!plan) return <PlanNotFound />;
  const payment = readyConfig(config.data);
  if (!payment) {
    return (
      <PaymentNotConfigured
        title="Subscription System Not Configured"
        description="Online subscriptions are not available right now. Please contact our sales team and we will set up your plan by invoice."
        backTo="/pricing"
        backLabel="Back to Pricing"
      />
    );
  }
  const current = status.data;
  const renewing = hasSubscription(current) && (current.status === 'active' || current.status === 'trialing');
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
      <div className="flex flex-col gap-6">
        {renewing ? <ChangePlanStep plan={plan} current={current} /> : <PaymentStep plan={plan} config={payment} />}
      </div>
      <aside aria-label="Plan summary">
        <PlanSummary plan={plan} />
      </aside>
    </div>
  );
}
