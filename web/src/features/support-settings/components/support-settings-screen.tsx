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
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, placeApiError } from '@/lib/form';
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
import { SettingsCard } from './settings-card';
import { SaveSettings, SettingCheckbox, useSettingsForm, WholeNumberField } from './settings-form';

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

function AssignmentCard() {
  return (
    <SettingsCard
      title="Assignment"
      description="New chats and tickets go to the online support or admin staff member with the fewest open items, up to a capacity each."
      query={useAssignmentSettings()}
      setting="the assignment settings"
    >
      {(setting) => <AssignmentForm initial={setting} />}
    </SettingsCard>
  );
}

function AssignmentForm({ initial }: { initial: AssignmentSettings }) {
  const save = useSaveAssignmentSettings();
  const { form, onSubmit, formError } = useSettingsForm(assignmentSettingsSchema, initial, save, {
    saved: () => ({ title: 'Assignment saved', description: 'New chats and tickets follow it now.' }),
    failed: 'The assignment settings could not be saved.',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SettingCheckbox
        name="autoAssign"
        label="Assign new chats and tickets automatically"
        checked={form.values.autoAssign}
        error={form.errors.autoAssign}
        onChange={(checked) => form.setValue('autoAssign', checked)}
      />
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <WholeNumberField
          label="Capacity"
          hint={`Open chats and tickets one person is given automatically (1–${ASSIGNMENT_CAPACITY_MAX}).`}
          name="capacity"
          min={1}
          max={ASSIGNMENT_CAPACITY_MAX}
          value={form.values.capacity}
          error={form.errors.capacity}
          onChange={(value) => form.setValue('capacity', value)}
        />
        <WholeNumberField
          label="Offline grace (minutes)"
          hint="How long someone may be offline before their open chats return to the pool; tickets stay theirs."
          name="offlineGraceMinutes"
          min={0}
          max={OFFLINE_GRACE_MINUTES_MAX}
          value={form.values.offlineGraceMinutes}
          error={form.errors.offlineGraceMinutes}
          onChange={(value) => form.setValue('offlineGraceMinutes', value)}
        />
      </div>
      <SaveSettings formError={formError} saving={save.isPending} label="Save Assignment" />
    </form>
  );
}

function SurveysCard() {
  return (
    <SettingsCard
      title="Satisfaction surveys"
      description={
        <>
          &ldquo;How did we do?&rdquo; asked when a chat is closed or a ticket is completed: in the chat widget, or by
          email with a one-click rating link.
        </>
      }
      query={useSurveySettings()}
      setting="the survey setting"
    >
      {(setting) => <SurveysForm initial={setting} />}
    </SettingsCard>
  );
}

function SurveysForm({ initial }: { initial: SurveySettings }) {
  const save = useSaveSurveySettings();
  const { form, onSubmit, formError } = useSettingsForm(surveySettingsSchema, initial, save, {
    saved: (saved) => ({
      title: 'Surveys saved',
      description: saved.enabled ? 'Clients are asked how it went.' : 'No surveys are sent.',
    }),
    failed: 'The survey setting could not be saved.',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SettingCheckbox
        name="enabled"
        label="Ask clients how we did"
        checked={form.values.enabled}
        error={form.errors.enabled}
        onChange={(checked) => form.setValue('enabled', checked)}
      />
      <SaveSettings formError={formError} saving={save.isPending} label="Save Surveys" />
    </form>
  );
}

function PlanPrioritiesCard() {
  const setting = usePlanPriorities();
  const plans = useSubscriptionPlans();
  // Both read together: the card waits for both, and shows the first failure.
  const both = {
    isPending: setting.isPending || plans.isPending,
    isError: setting.isError || plans.isError,
    error: setting.error ?? plans.error,
    data: setting.data && plans.data ? { initial: setting.data, plans: plans.data } : undefined,
  };
  return (
    <SettingsCard
      title="Plan priorities"
      description="The priority a new ticket or chat starts at when its client has an active plan. Staff can still change it."
      query={both}
      setting="the plan priorities"
    >
      {({ initial, plans }) =>
        plans.length === 0 ? (
          <p className="text-sm text-slate-600">There are no subscription plans yet.</p>
        ) : (
          <PlanPrioritiesForm initial={initial} plans={plans} />
        )
      }
    </SettingsCard>
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
      <SaveSettings formError={formError} saving={save.isPending} label="Save Plan Priorities" />
    </form>
  );
}
