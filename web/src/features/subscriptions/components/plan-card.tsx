import type { ReactNode } from 'react';
import { formatPrice } from '@shared/money';
import { businessSpanWords } from '@shared/response-times';
import { MOST_POPULAR_PLAN, type SubscriptionPlan } from '@shared/subscriptions';
import { Badge } from '@/components/ui/badge';
import { CheckList } from '@/components/ui/check-list';
import { cn } from '@/lib/cn';

/**
 * One plan on /pricing: name, description, price per interval, the first response it promises (the service-level
 * setting's target for a normal request, when known), features and the visitor's action.
 */
export function PlanCard({
  plan,
  note,
  action,
  responseMinutes = null,
}: {
  plan: SubscriptionPlan;
  note?: ReactNode;
  action: ReactNode;
  /** The plan's first-response target for a normal-priority request, in business minutes (decision 203). */
  responseMinutes?: number | null;
}) {
  const popular = plan.name === MOST_POPULAR_PLAN;
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col gap-6 rounded-2xl border bg-white p-8 shadow-sm',
        popular ? 'border-blue-700 ring-2 ring-blue-700' : 'border-slate-200',
      )}
    >
      {popular ? <Badge className="absolute -top-3 left-8 bg-blue-700 px-3 py-1 text-white">Most Popular</Badge> : null}
      <div className="flex flex-col gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-navy-900">
          {plan.name}
        </h2>
        {/* The same height on every card in a row, so the prices and buttons line up. */}
        <p className="text-slate-600 lg:min-h-24">{plan.description}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-navy-900">{formatPrice(plan.price)}</span>
        <span className="text-slate-600">/ {plan.interval}</span>
      </p>
      {responseMinutes !== null ? (
        <p className="-mt-3 text-sm text-slate-700" data-testid="plan-response-time">
          First response within <span className="font-semibold">{businessSpanWords(responseMinutes)}</span> for a
          normal-priority request
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        {action}
        {note}
      </div>
      <CheckList
        label={`${plan.name} features`}
        items={plan.features}
        className="border-t border-slate-200 pt-6 text-sm"
      />
    </li>
  );
}
