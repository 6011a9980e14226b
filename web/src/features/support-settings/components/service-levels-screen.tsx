import { useState } from 'react';
import {
  serviceLevelsSchema,
  type ServiceLevels,
  type SlaPolicy,
  type SlaTarget,
} from '@shared/schemas/service-levels';
import type { Priority } from '@shared/schemas/support';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveServiceLevels, useServiceLevels, useSubscriptionPlans } from '../api/support-settings';
import { PlanTargetsCard } from './plan-targets-card';
import { asHours, PolicyTable, shown, wholeNumber } from './policy-table';
import { errorKeyOf, errorsFromIssues, placeSaveRefusal, type ServiceLevelErrors } from './service-level-errors';

/**
 * /admin/settings/service-levels (admins): how soon a first response and a
 * resolution are promised, in business minutes, per priority — the default
 * policy, the plans that promise otherwise, and a chat's first response.
 * Saving recomputes every open ticket's and chat's due times.
 */
export function ServiceLevelsScreen() {
  const setting = useServiceLevels();
  const plans = useSubscriptionPlans();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Service levels</h1>
        <p className="mt-1 text-slate-600">
          Targets in business minutes: the clock runs only while the business hours say the team is open, skips
          holidays, and pauses while a ticket waits on the client. A plan without its own targets uses the default. The
          pricing page shows each plan&apos;s first response for a normal request, as saved here.
        </p>
      </div>
      {setting.isPending || plans.isPending ? (
        <Spinner label="Loading the service levels" />
      ) : setting.isError || plans.isError ? (
        <FormAlert>{errorMessage(setting.error ?? plans.error, 'The service levels could not be loaded.')}</FormAlert>
      ) : (
        <ServiceLevelsForm initial={setting.data} plans={plans.data} />
      )}
    </div>
  );
}

function ServiceLevelsForm({ initial, plans }: { initial: ServiceLevels; plans: readonly SubscriptionPlan[] }) {
  const [levels, setLevels] = useState<ServiceLevels>(initial);
  const [errors, setErrors] = useState<ServiceLevelErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveServiceLevels();
  const scopes = ['default', 'chat', ...Object.keys(levels.plans)];

  const setTarget = (scope: string, priority: Priority, change: Partial<SlaTarget>) => {
    const policy = (scope === 'default' ? levels.default : levels.plans[scope]!) satisfies SlaPolicy;
    const next = { ...policy, [priority]: { ...policy[priority], ...change } };
    setLevels(
      scope === 'default' ? { ...levels, default: next } : { ...levels, plans: { ...levels.plans, [scope]: next } },
    );
    setErrors({ ...errors, [errorKeyOf(scope, priority)]: '' });
  };
  const show = ({ errors: placed, general }: { errors: ServiceLevelErrors; general: string | null }) => {
    setErrors(placed);
    setFormError(general);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = serviceLevelsSchema.safeParse(levels);
    if (!parsed.success) {
      show(errorsFromIssues(parsed.error.issues, scopes));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setLevels(saved);
        toast({ title: 'Service levels saved', description: 'Open tickets and chats follow the new targets now.' });
      },
      onError: (error) => show(placeSaveRefusal(errorMessage(error, 'The service levels could not be saved.'), scopes)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Default policy</CardTitle>
          <CardDescription>Every ticket whose client&apos;s plan has no targets of its own.</CardDescription>
        </CardHeader>
        <CardContent>
          <PolicyTable
            name="Default"
            policy={levels.default}
            errorOf={(priority) => errors[errorKeyOf('default', priority)]}
            onChange={(priority, change) => setTarget('default', priority, change)}
          />
        </CardContent>
      </Card>

      <PlanTargetsCard
        levels={levels}
        plans={plans}
        errorOf={(planId, priority) => errors[errorKeyOf(planId, priority)]}
        onLevels={setLevels}
        onTarget={setTarget}
      />

      <Card>
        <CardHeader>
          <CardTitle>Chat</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="max-w-xs">
            <FormField
              label="Chat first response (business minutes)"
              hint={asHours(levels.chat.firstResponseMinutes) || undefined}
              error={errors.chat || undefined}
            >
              <Input
                type="number"
                name="chatFirstResponseMinutes"
                inputMode="numeric"
                min={1}
                value={shown(levels.chat.firstResponseMinutes)}
                onChange={(event) => {
                  setLevels({ ...levels, chat: { firstResponseMinutes: wholeNumber(event.target.value) } });
                  setErrors({ ...errors, chat: '' });
                }}
              />
            </FormField>
          </div>
        </CardContent>
      </Card>

      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Service Levels'}
        </Button>
      </div>
    </form>
  );
}
