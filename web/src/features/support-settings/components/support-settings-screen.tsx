import { useState } from 'react';
import {
  ASSIGNMENT_CAPACITY_MAX,
  OFFLINE_GRACE_MINUTES_MAX,
  assignmentSettingsSchema,
  planPrioritiesSchema,
  planPriority,
  type AssignmentSettings,
  type PlanPriorities,
} from '@shared/schemas/assignment';
import { PRIORITY_LABELS, priorities, type Priority } from '@shared/schemas/support';
import { surveySettingsSchema, type SurveySettings } from '@shared/schemas/surveys';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, placeApiError, useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import {
  useAssignmentSettings,
  usePlanPriorities,
  useSaveAssignmentSettings,
  useSavePlanPriorities,
  useSaveSurveySettings,
  useSubscriptionPlans,
  useSurveySettings,
} from '../api/support-settings';

/**
 * /admin/settings/support (admins): automatic assignment, satisfaction
 * surveys and the priority each plan's clients start at. Each card saves on
 * its own (its own setting); the API's refusal shows beside the field it names.
 */
export function SupportSettingsScreen() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Support settings</h1>
        <p className="mt-1 text-slate-600">
          Who new chats and tickets go to, whether clients are asked how it went, and the priority each plan&apos;s
          requests start at.
        </p>
      </div>
      <AssignmentCard />
      <SurveysCard />
      <PlanPrioritiesCard />
    </div>
  );
}

/** A whole number typed in a field: NaN while it is empty or not a number, which the schema refuses by name. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (value: number) => (Number.isNaN(value) ? '' : String(value));

function AssignmentCard() {
  const setting = useAssignmentSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Assignment</CardTitle>
        <CardDescription>
          New chats and tickets go to the online support or admin staff member with the fewest open items, up to a
          capacity each.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending ? (
          <Spinner label="Loading the assignment settings" />
        ) : setting.isError ? (
          <FormAlert>{errorMessage(setting.error, 'The assignment settings could not be loaded.')}</FormAlert>
        ) : (
          <AssignmentForm initial={setting.data} />
        )}
      </CardContent>
    </Card>
  );
}

function AssignmentForm({ initial }: { initial: AssignmentSettings }) {
  const form = useSchemaForm(assignmentSettingsSchema, initial);
  const save = useSaveAssignmentSettings();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setFormError(null);
    form.submit((value) => {
      save.mutate(value, {
        onSuccess: (saved) => {
          form.setValues(saved);
          toast({ title: 'Assignment saved', description: 'New chats and tickets follow it now.' });
        },
        onError: (error) =>
          setFormError(form.showApiError(error, 'The assignment settings could not be saved.', formElement)),
      });
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          name="autoAssign"
          checked={form.values.autoAssign}
          onChange={(event) => form.setValue('autoAssign', event.target.checked)}
        />
        Assign new chats and tickets automatically
      </label>
      {form.errors.autoAssign ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {form.errors.autoAssign}
        </p>
      ) : null}
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <FormField
          label="Capacity"
          hint={`Open chats and tickets one person is given automatically (1–${ASSIGNMENT_CAPACITY_MAX}).`}
          error={form.errors.capacity}
        >
          <Input
            type="number"
            name="capacity"
            inputMode="numeric"
            min={1}
            max={ASSIGNMENT_CAPACITY_MAX}
            value={shown(form.values.capacity)}
            onChange={(event) => form.setValue('capacity', wholeNumber(event.target.value))}
          />
        </FormField>
        <FormField
          label="Offline grace (minutes)"
          hint="How long someone may be offline before their open chats return to the pool; tickets stay theirs."
          error={form.errors.offlineGraceMinutes}
        >
          <Input
            type="number"
            name="offlineGraceMinutes"
            inputMode="numeric"
            min={0}
            max={OFFLINE_GRACE_MINUTES_MAX}
            value={shown(form.values.offlineGraceMinutes)}
            onChange={(event) => form.setValue('offlineGraceMinutes', wholeNumber(event.target.value))}
          />
        </FormField>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Assignment'}
      </Button>
    </form>
  );
}

function SurveysCard() {
  const setting = useSurveySettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Satisfaction surveys</CardTitle>
        <CardDescription>
          &ldquo;How did we do?&rdquo; asked when a chat is closed or a ticket is completed: in the chat widget, or by
          email with a one-click rating link.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending ? (
          <Spinner label="Loading the survey setting" />
        ) : setting.isError ? (
          <FormAlert>{errorMessage(setting.error, 'The survey setting could not be loaded.')}</FormAlert>
        ) : (
          <SurveysForm initial={setting.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SurveysForm({ initial }: { initial: SurveySettings }) {
  const form = useSchemaForm(surveySettingsSchema, initial);
  const save = useSaveSurveySettings();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setFormError(null);
    form.submit((value) => {
      save.mutate(value, {
        onSuccess: (saved) => {
          form.setValues(saved);
          toast({
            title: 'Surveys saved',
            description: saved.enabled ? 'Clients are asked how it went.' : 'No surveys are sent.',
          });
        },
        onError: (error) =>
          setFormError(form.showApiError(error, 'The survey setting could not be saved.', formElement)),
      });
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          name="enabled"
          checked={form.values.enabled}
          onChange={(event) => form.setValue('enabled', event.target.checked)}
        />
        Ask clients how we did
      </label>
      {form.errors.enabled ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {form.errors.enabled}
        </p>
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Surveys'}
      </Button>
    </form>
  );
}

function PlanPrioritiesCard() {
  const setting = usePlanPriorities();
  const plans = useSubscriptionPlans();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plan priorities</CardTitle>
        <CardDescription>
          The priority a new ticket or chat starts at when its client has an active plan. Staff can still change it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending || plans.isPending ? (
          <Spinner label="Loading the plan priorities" />
        ) : setting.isError || plans.isError ? (
          <FormAlert>
            {errorMessage(setting.error ?? plans.error, 'The plan priorities could not be loaded.')}
          </FormAlert>
        ) : plans.data.length === 0 ? (
          <p className="text-sm text-slate-600">There are no subscription plans yet.</p>
        ) : (
          <PlanPrioritiesForm initial={setting.data} plans={plans.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** The value sent: every listed plan with its priority (a plan not listed would start `normal`). */
function prioritiesOf(plans: readonly SubscriptionPlan[], stored: PlanPriorities): Record<string, Priority> {
  return Object.fromEntries(plans.map((plan) => [plan.name, planPriority(stored, plan.name)]));
}

function PlanPrioritiesForm({ initial, plans }: { initial: PlanPriorities; plans: readonly SubscriptionPlan[] }) {
  const [values, setValues] = useState(() => prioritiesOf(plans, initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePlanPriorities();
  const names = plans.map((plan) => plan.name);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = planPrioritiesSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<Record<string, string>>(parsed.error);
      setErrors(
        Object.fromEntries(Object.entries(found).filter(([name]) => names.includes(name))) as Record<string, string>,
      );
      setFormError(Object.keys(found).some((name) => !names.includes(name)) ? parsed.error.issues[0]!.message : null);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(prioritiesOf(plans, saved));
        toast({ title: 'Plan priorities saved', description: 'New tickets and chats start at them.' });
      },
      onError: (error) => {
        const placed = placeApiError(errorMessage(error, 'The plan priorities could not be saved.'), names);
        if (placed.field === null) setFormError(placed.message);
        else setErrors({ [placed.field]: placed.message });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        {plans.map((plan) => (
          <FormField key={plan.id} label={plan.name} error={errors[plan.name]}>
            <Select
              name={`priority-${plan.name}`}
              value={values[plan.name]}
              onChange={(event) => {
                setValues({ ...values, [plan.name]: event.target.value as Priority });
                setErrors({ ...errors, [plan.name]: '' });
              }}
            >
              {priorities.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Plan Priorities'}
      </Button>
    </form>
  );
}
