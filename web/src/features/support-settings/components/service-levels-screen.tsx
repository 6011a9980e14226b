import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  serviceLevelsSchema,
  type ServiceLevels,
  type SlaPolicy,
  type SlaTarget,
} from '@shared/schemas/service-levels';
import { PRIORITY_LABELS, priorities, type Priority } from '@shared/schemas/support';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { placeApiError } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useSaveServiceLevels, useServiceLevels, useSubscriptionPlans } from '../api/support-settings';

/** Urgent first, as staff read a policy. */
const ROWS: readonly Priority[] = [...priorities].reverse();
/** Where a message belongs: `default`, a plan id or `chat`, then (in a policy) the priority's row. */
type ErrorKey = string;
const keyOf = (scope: string, priority?: Priority) => (priority ? `${scope}.${priority}` : scope);

/** Business minutes as hours beside them: "= 10 h", "= 1.5 h". */
export function asHours(minutes: number): string {
  if (!Number.isFinite(minutes)) return '';
  return `= ${Math.round((minutes / 60) * 100) / 100} h`;
}

const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (value: number) => (Number.isNaN(value) ? '' : String(value));

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
  const [errors, setErrors] = useState<Record<ErrorKey, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState('');
  const save = useSaveServiceLevels();

  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name ?? `Plan ${id}`;
  const overridden = Object.keys(levels.plans);
  const addable = plans.filter((plan) => !overridden.includes(plan.id));
  const scopes = ['default', 'chat', ...overridden];

  const setTarget = (scope: string, priority: Priority, change: Partial<SlaTarget>) => {
    const policy = (scope === 'default' ? levels.default : levels.plans[scope]!) satisfies SlaPolicy;
    const next = { ...policy, [priority]: { ...policy[priority], ...change } };
    setLevels(
      scope === 'default' ? { ...levels, default: next } : { ...levels, plans: { ...levels.plans, [scope]: next } },
    );
    setErrors({ ...errors, [keyOf(scope, priority)]: '' });
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = serviceLevelsSchema.safeParse(levels);
    if (!parsed.success) {
      const found: Record<ErrorKey, string> = {};
      let general: string | null = null;
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String);
        const scope = path[0] === 'plans' ? path[1] : path[0];
        const row = path[path[0] === 'plans' ? 2 : 1] as Priority | undefined;
        const key = scope && scopes.includes(scope) ? keyOf(scope, scope === 'chat' ? undefined : row) : null;
        if (key === null) general ??= issue.message;
        else found[key] ??= issue.message;
      }
      setErrors(found);
      setFormError(general);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setLevels(saved);
        toast({ title: 'Service levels saved', description: 'Open tickets and chats follow the new targets now.' });
      },
      onError: (error) => {
        // "default.urgent.resolutionMinutes: …" goes beside that row; a message naming no row is for the whole form.
        const message = errorMessage(error, 'The service levels could not be saved.');
        const scope = placeApiError(message, scopes).field;
        const row = placeApiError(message, priorities).field ?? undefined;
        const placed = placeApiError(message, [...scopes, ...priorities]);
        if (scope === null || (scope !== 'chat' && row === undefined)) setFormError(placed.message);
        else setErrors({ [keyOf(scope, scope === 'chat' ? undefined : row)]: placed.message });
      },
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
            errorOf={(priority) => errors[keyOf('default', priority)]}
            onChange={(priority, change) => setTarget('default', priority, change)}
          />
        </CardContent>
      </Card>

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
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    const rest = { ...levels.plans };
                    delete rest[id];
                    setLevels({ ...levels, plans: rest });
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove {planName(id)} targets
                </Button>
              </div>
              <PolicyTable
                name={planName(id)}
                policy={levels.plans[id]!}
                errorOf={(priority) => errors[keyOf(id, priority)]}
                onChange={(priority, change) => setTarget(id, priority, change)}
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
                  setLevels({ ...levels, plans: { ...levels.plans, [adding]: structuredClone(levels.default) } });
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

function PolicyTable({
  name,
  policy,
  errorOf,
  onChange,
}: {
  name: string;
  policy: SlaPolicy;
  errorOf(priority: Priority): string | undefined;
  onChange(priority: Priority, change: Partial<SlaTarget>): void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-2xl text-left text-sm">
        <caption className="sr-only">{name} targets in business minutes</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Priority
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              First response (business minutes)
            </th>
            <th scope="col" className="py-2 font-medium">
              Resolution (business minutes)
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((priority) => {
            const error = errorOf(priority);
            const errorId = `${name}-${priority}-error`.replace(/\W+/g, '-');
            return (
              <tr key={priority} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  {PRIORITY_LABELS[priority]}
                  {error ? (
                    <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
                      {error}
                    </p>
                  ) : null}
                </th>
                {(['firstResponseMinutes', 'resolutionMinutes'] as const).map((field) => (
                  <td key={field} className="py-2 pr-4">
                    <div className="flex items-center gap-2">
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        className="w-28"
                        aria-label={`${name} ${PRIORITY_LABELS[priority]} ${field === 'firstResponseMinutes' ? 'first response' : 'resolution'} (business minutes)`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        value={shown(policy[priority][field])}
                        onChange={(event) => onChange(priority, { [field]: wholeNumber(event.target.value) })}
                      />
                      <span className="whitespace-nowrap text-xs text-slate-600">
                        {asHours(policy[priority][field])}
                      </span>
                    </div>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
