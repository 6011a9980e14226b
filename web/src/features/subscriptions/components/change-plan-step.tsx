import type { ReactNode } from 'react';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import type { SubscriptionPlan, SubscriptionStatusResponse } from '@shared/subscriptions';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePlanButton } from './change-plan-button';
import { periodEndLabel } from './format';

function StepCard({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start gap-3">
          {icon}
          <div className="flex flex-col gap-1.5">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{text}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">{children}</CardContent>
    </Card>
  );
}

const iconClass = 'mt-0.5 h-6 w-6 shrink-0';

/**
 * For a client whose subscription is running: already on this plan; renew it
 * (it was ending); or switch to this plan. No card is asked for — the card on
 * file pays, and a switch is prorated on the next invoice.
 */
export function ChangePlanStep({ plan, current }: { plan: SubscriptionPlan; current: SubscriptionStatusResponse }) {
  const samePlan = current.plan === plan.name;
  const ends = periodEndLabel(current);
  const currentName = current.plan ?? 'current';
  if (samePlan && !current.cancelAtPeriodEnd) {
    return (
      <StepCard
        icon={<CheckCircle2 className={`${iconClass} text-green-700`} aria-hidden="true" />}
        title="You Are Already Subscribed"
        text={`Your ${plan.name} plan is active and renews on ${ends}.`}
      >
        <ButtonLink to="/portal">Go to Client Portal</ButtonLink>
        <ButtonLink to="/pricing" variant="outline">
          Compare Plans
        </ButtonLink>
      </StepCard>
    );
  }
  const text = samePlan
    ? `Your ${plan.name} plan is set to end on ${ends}. Renew it to keep it without interruption; nothing is charged today and it renews on ${ends}.`
    : current.cancelAtPeriodEnd
      ? `Your ${currentName} plan is set to end on ${ends}. Switch to ${plan.name} to keep your subscription: it continues on the new plan with the card on file.`
      : `You are on the ${currentName} plan. Switching to ${plan.name} takes effect now; the difference for the rest of this billing period is prorated on your next invoice, paid with the card on file.`;
  return (
    <StepCard
      icon={<RefreshCw className={`${iconClass} text-blue-700`} aria-hidden="true" />}
      title={samePlan ? 'Renew Your Subscription' : `Switch to ${plan.name}`}
      text={text}
    >
      <ChangePlanButton plan={plan} label={samePlan ? 'Renew Subscription' : 'Switch Plan'} />
      <ButtonLink to="/pricing" variant="outline" size="lg">
        Back to Pricing
      </ButtonLink>
    </StepCard>
  );
}
