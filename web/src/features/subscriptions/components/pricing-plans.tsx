import { NO_SUBSCRIPTION, type SubscriptionPlan, type SubscriptionStatusResponse } from '@shared/subscriptions';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { primaryAction } from '@/lib/primary-actions';
import { usePlans } from '../api/get-plans';
import { usePlanResponseTimes } from '../api/get-response-times';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { ChangePlanButton } from './change-plan-button';
import { hasSubscription, periodEndLabel } from './format';
import { PlanCard } from './plan-card';

/** Who is looking at the pricing page; the app layer knows from the session. */
type Viewer = 'unknown' | 'visitor' | 'client';

const LOGIN_URL = `/api/login?next=${encodeURIComponent('/pricing')}`;
const wide = 'w-full';

function PlanAction({
  plan,
  viewer,
  status,
}: {
  plan: SubscriptionPlan;
  viewer: Viewer;
  status: SubscriptionStatusResponse | undefined;
}) {
  if (viewer === 'visitor') {
    // A full page load: /api/login answers with a redirect to the login page, which brings the visitor back.
    return (
      <a href={LOGIN_URL} className={buttonClasses('primary', 'lg', wide)} {...primaryAction}>
        Sign In to Subscribe
      </a>
    );
  }
  if (viewer === 'unknown' || !status) {
    return (
      <Button size="lg" className={wide} disabled>
        Subscribe Now
      </Button>
    );
  }
  const subscribeHref = `/subscribe?plan=${plan.id}`;
  if (!hasSubscription(status)) {
    return (
      <ButtonLink to={subscribeHref} size="lg" className={wide} {...primaryAction}>
        Subscribe Now
      </ButtonLink>
    );
  }
  if (status.plan !== plan.name) {
    return (
      <ButtonLink to={subscribeHref} size="lg" variant="outline" className={wide}>
        Switch Plan
      </ButtonLink>
    );
  }
  if (status.status === 'past_due' || status.status === 'unpaid') {
    return (
      <ButtonLink to={subscribeHref} size="lg" className={wide}>
        Pay Open Invoice
      </ButtonLink>
    );
  }
  if (status.cancelAtPeriodEnd) return <ChangePlanButton plan={plan} label="Renew" className={wide} />;
  return (
    <Button size="lg" variant="secondary" className={wide} disabled>
      Current Plan
    </Button>
  );
}

/** A line under the client's own plan: that it is theirs, and when it renews or ends. */
function OwnPlanNote({ status }: { status: SubscriptionStatusResponse }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <Badge variant="success">Your plan</Badge>
      {status.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} {periodEndLabel(status)}
    </p>
  );
}

/**
 * Spec §2 Pricing: a card per active plan with the visitor's action —
 * Sign In to Subscribe, Subscribe Now, or for a client with a subscription:
 * their current plan, Renew when it is ending, Switch Plan for the others.
 */
export function PricingPlans({ viewer }: { viewer: Viewer }) {
  const plans = usePlans();
  // Each plan's promised first response comes with the page (or, from the fallback, alongside the plans): the
  // cards wait for both, so the line never appears after them.
  const responseTimes = usePlanResponseTimes();
  const status = useSubscriptionStatus({ enabled: viewer === 'client' });
  if (plans.isPending || responseTimes.isPending) return <Spinner label="Loading plans" className="py-24" />;
  if (plans.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-slate-700">Unable to load the plans. Please check your connection and try again.</p>
        <Button onClick={() => void plans.refetch()}>Retry</Button>
      </div>
    );
  }
  // Without the status (an error), the subscribe page still works out what to do.
  const known = viewer === 'client' ? (status.isError ? NO_SUBSCRIPTION : status.data) : undefined;
  const current = hasSubscription(known) ? known : null;
  return (
    <ul className="grid gap-8 lg:grid-cols-3" aria-label="Plans">
      {plans.data.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          responseMinutes={responseTimes.data?.plans[plan.id]?.firstResponseMinutes ?? null}
          action={<PlanAction plan={plan} viewer={viewer} status={known} />}
          note={current?.plan === plan.name ? <OwnPlanNote status={current} /> : null}
        />
      ))}
    </ul>
  );
}
