import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ServiceLevels, SlaPolicy, SlaTarget } from '@shared/schemas/service-levels';
import type { Priority } from '@shared/schemas/support';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { PolicyTable } from './policy-table';

/** The plans that promise their own times: each one's table, removing it, and adding another from the default's. */
export function PlanTargetsCard({
  levels,
  plans,
  errorOf,
  onLevels,
  onTarget,
}: {
  levels: ServiceLevels;
  plans: readonly SubscriptionPlan[];
  errorOf(planId: string, priority: Priority): string | undefined;
  onLevels(next: ServiceLevels): void;
  onTarget(planId: string, priority: Priority, change: Partial<SlaTarget>): void;
}) {
  const [adding, setAdding] = useState('');
  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name ?? `Plan ${id}`;
  const overridden = Object.keys(levels.plans);
  const addable = plans.filter((plan) => !overridden.includes(plan.id));
  const remove = (id: string) => {
    const rest: Record<string, SlaPolicy> = { ...levels.plans };
    delete rest[id];
    onLevels({ ...levels, plans: rest });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plans with their own targets</CardTitle>
        <CardDescription>A plan listed here promises its own times; the others use the default.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {overridden.length === 0 ? <p className="text-sm text-slate-600">Every plan uses the default.</p> : null}
        {overridden.map((id) => (
          <section key={id} aria-label={`${planName(id)} targets`} className="flex flex-col gap-2">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{planName(id)}</h2>
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(id)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove {planName(id)} targets
              </Button>
            </div>
            <PolicyTable
              name={planName(id)}
              policy={levels.plans[id]!}
              errorOf={(priority) => errorOf(id, priority)}
              onChange={(priority, change) => onTarget(id, priority, change)}
            />
          </section>
        ))}
        {addable.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              Plan
              <Select value={adding} onChange={(event) => setAdding(event.target.value)}>
                <option value="">Choose a plan</option>
                {addable.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                  </option>
                ))}
              </Select>
            </label>
            <Button
              type="button"
              variant="outline"
              disabled={adding === ''}
              onClick={() => {
                // A new plan policy starts from the default's times.
                onLevels({ ...levels, plans: { ...levels.plans, [adding]: structuredClone(levels.default) } });
                setAdding('');
              }}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Plan Targets
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
