import type { SubscriptionPlan } from '@shared/subscriptions';
import { CheckList } from '@/components/ui/check-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { priceLabel } from './format';

/** The chosen plan beside the payment form on /subscribe. */
export function PlanSummary({ plan }: { plan: SubscriptionPlan }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{plan.name} Plan</CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <p className="text-3xl font-bold text-navy-900">{priceLabel(plan)}</p>
        <p className="text-sm text-slate-600">
          Billed every {plan.interval} in advance. Cancel any time in your client portal; the plan then stays active
          until the end of the period you paid for.
        </p>
        <CheckList label="Included" items={plan.features} className="border-t border-slate-200 pt-5 text-sm" />
      </CardContent>
    </Card>
  );
}
