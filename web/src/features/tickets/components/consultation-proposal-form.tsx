import { useState } from 'react';
import { CONSULTATION_DURATIONS, CONSULTATION_MAX_DAYS_AHEAD } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, Select } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { filterTimeZones, startingZone, timeZoneChoices } from '@shared/time-zones';
import { useProposeConsultation } from '../api/staff-tickets';

/** A day `days` from today on this computer's calendar, as a date input writes it (YYYY-MM-DD). */
const localDay = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/** This computer's zone; a browser in UTC starts at UTC (it used to land on the list's first zone, Africa/Abidjan). */
const browserZone = () => startingZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
const supportedZones = (): string[] =>
  (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];

/** Staff propose a consultation time: date, time, time zone and length; the client is emailed to confirm it. */
export function ConsultationProposalForm({ requestId }: { requestId: string }) {
  const propose = useProposeConsultation(requestId);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('10:00');
  const [timeZone, setTimeZone] = useState(browserZone);
  const [duration, setDuration] = useState(60);
  const [zoneQuery, setZoneQuery] = useState('');
  // Every zone with the name clients read ("Central Time") and its offset, worked out once.
  const [choices] = useState(() => timeZoneChoices(supportedZones(), [browserZone()]));
  const shown = filterTimeZones(choices, zoneQuery, timeZone);
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
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <label htmlFor={`${requestId}-zone`}>Time zone</label>
          <Input
            type="search"
            aria-label="Search time zones"
            placeholder="Search: central, berlin, UTC…"
            value={zoneQuery}
            onChange={(e) => {
              const query = e.target.value;
              setZoneQuery(query);
              // The first match is chosen, so what is shown is what is proposed.
              const first = filterTimeZones(choices, query, '').at(0);
              if (query.trim() && first) setTimeZone(first.value);
            }}
          />
          <Select
            id={`${requestId}-zone`}
            name="timeZone"
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
          >
            {shown.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </Select>
        </div>
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
