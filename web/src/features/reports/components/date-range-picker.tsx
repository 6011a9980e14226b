import { reportIntervals, type ReportInterval } from '@shared/schemas/reports';
import { FilterField } from '@/components/console/console-list';
import { Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { presetOf, presetRange, presets, type PresetId } from './report-params';

const INTERVAL_LABELS: Record<ReportInterval, string> = { day: 'By day', week: 'By week', month: 'By month' };

/** The report's days (presets, or two dates) and its interval; every change goes to the URL. */
export function DateRangePicker({
  from,
  to,
  interval,
  today,
  onChange,
}: {
  from: string;
  to: string;
  interval: ReportInterval;
  today: string;
  onChange(change: { from?: string; to?: string; interval?: ReportInterval }): void;
}) {
  const current = presetOf(from, to, today);
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Date range presets" className="flex flex-wrap gap-2">
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            aria-pressed={current === preset.id}
            onClick={() => onChange(presetRange(preset.id as PresetId, today))}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium',
              current === preset.id
                ? 'border-navy-700 bg-navy-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-navy-700',
            )}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterField label="From">
          <Input
            type="date"
            value={from}
            max={to}
            onChange={(event) => event.target.value && onChange({ from: event.target.value })}
          />
        </FilterField>
        <FilterField label="To">
          <Input
            type="date"
            value={to}
            min={from}
            onChange={(event) => event.target.value && onChange({ to: event.target.value })}
          />
        </FilterField>
        <FilterField label="Interval">
          <Select value={interval} onChange={(event) => onChange({ interval: event.target.value as ReportInterval })}>
            {reportIntervals.map((value) => (
              <option key={value} value={value}>
                {INTERVAL_LABELS[value]}
              </option>
            ))}
          </Select>
        </FilterField>
      </div>
    </div>
  );
}
