import type { SlaPolicy, SlaTarget } from '@shared/schemas/service-levels';
import { PRIORITY_LABELS, priorities, type Priority } from '@shared/schemas/support';
import { Input } from '@/components/ui/input';

/** Urgent first, as staff read a policy. */
const ROWS: readonly Priority[] = [...priorities].reverse();

/** Business minutes as hours beside them: "= 10 h", "= 1.5 h". */
export function asHours(minutes: number): string {
  if (!Number.isFinite(minutes)) return '';
  return `= ${Math.round((minutes / 60) * 100) / 100} h`;
}

/** A number field's text as a whole number of minutes (NaN while empty, refused by the schema). */
export const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
export const shown = (value: number) => (Number.isNaN(value) ? '' : String(value));

/** One policy's targets: a row per priority, first response and resolution in business minutes. */
export function PolicyTable({
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
