import { useState } from 'react';
import { CONSULTATION_DURATIONS, CONSULTATION_MAX_DAYS_AHEAD } from '@shared/service-requests';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, Select } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useProposeConsultation } from '../api/staff-tickets';

/** A day `days` from today on this computer's calendar, as a date input writes it (YYYY-MM-DD). */
const localDay = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.length > 0 ? supported : [browserZone()];
};

/** Staff propose a consultation time: date, time, time zone and length; the client is emailed to confirm it. */
export function ConsultationProposalForm({ requestId }: { requestId: string }) {
  const propose = useProposeConsultation(requestId);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('10:00');
  const [timeZone, setTimeZone] = useState(browserZone);
  const [duration, setDuration] = useState(60);
  return (
    <form
      aria-label="Propose a consultation time"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        propose.mutate({ date, time, timeZone, durationMinutes: duration });
      }}
    >
      <h3 className="text-sm font-semibold text-navy-900">Propose a consultation time</h3>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Date
          <Input
            type="date"
            name="date"
            required
            min={localDay(0)}
            max={localDay(CONSULTATION_MAX_DAYS_AHEAD)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Time
          <Input type="time" name="time" required value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Time zone
          <Select name="timeZone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones().map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Length
          <Select name="duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
            {CONSULTATION_DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </Select>
        </label>
      </div>
      {propose.isError ? <FormAlert>{errorMessage(propose.error, 'The time could not be proposed.')}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={propose.isPending}>
        {propose.isPending ? 'Proposing...' : 'Propose Time'}
      </Button>
    </form>
  );
}
