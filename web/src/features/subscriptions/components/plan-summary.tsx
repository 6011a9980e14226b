import { CircleCheck } from 'lucide-react';
import type { SubscriptionPlan } from '@shared/schemas/subscriptions';
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
        <ul className="flex flex-col gap-2 border-t border-slate-200 pt-5 text-sm" aria-label="Included">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-slate-800">
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
