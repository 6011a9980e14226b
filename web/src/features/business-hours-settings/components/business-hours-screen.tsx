import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { weeklyHoursLines } from '@shared/business-hours-words';
import { weekdays, type BusinessHours, type Weekday } from '@shared/schemas/support';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useBusinessHoursSetting, useSaveBusinessHours } from '../api/business-hours-setting';

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/**
 * /admin/settings/business-hours (admins): when the team works and the days
 * it does not. The contact page, the chat widget's away mode, the away
 * replies and acknowledgements, and the service-level clocks follow it.
 */
export function BusinessHoursScreen() {
  const setting = useBusinessHoursSetting();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Business hours</h1>
        <p className="mt-1 text-slate-600">
          The opening hours and holidays the contact page and the chat show. Outside them a new chat gets one automatic
          reply saying when the team is back, and acknowledgement emails say the same.
        </p>
      </div>
      {setting.isPending ? (
        <Spinner label="Loading business hours" />
      ) : setting.isError ? (
        <FormAlert>{errorMessage(setting.error, 'The business hours could not be loaded.')}</FormAlert>
      ) : (
        <HoursForm initial={setting.data} />
      )}
    </div>
  );
}

function HoursForm({ initial }: { initial: BusinessHours }) {
  const [hours, setHours] = useState<BusinessHours>(initial);
  const save = useSaveBusinessHours();
  const setOpening = (index: number, change: Partial<BusinessHours['weekly'][number]>) =>
    setHours({ ...hours, weekly: hours.weekly.map((o, i) => (i === index ? { ...o, ...change } : o)) });
  const setHoliday = (index: number, change: Partial<BusinessHours['holidays'][number]>) =>
    setHours({ ...hours, holidays: hours.holidays.map((h, i) => (i === index ? { ...h, ...change } : h)) });

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(hours, {
          onSuccess: (saved) => {
            setHours(saved);
            toast({ title: 'Business hours saved', description: 'The site and the chat follow them now.' });
          },
        });
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Opening hours</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FormField label="Time zone" hint="A time zone name such as America/Chicago.">
            <Input
              name="timeZone"
              value={hours.timeZone}
              onChange={(e) => setHours({ ...hours, timeZone: e.target.value })}
              className="max-w-xs"
            />
          </FormField>
          <ul className="flex flex-col gap-3" aria-label="Openings by day">
            {weekdays.map((day) => {
              const openings = hours.weekly.map((o, index) => ({ o, index })).filter(({ o }) => o.day === day);
              return (
                <li key={day} className="flex flex-wrap items-start gap-3 border-b border-slate-100 pb-3">
                  <span className="w-28 pt-2 font-medium text-slate-900">{DAY_NAMES[day]}</span>
                  <div className="flex flex-1 flex-col gap-2">
                    {openings.length === 0 ? <span className="pt-2 text-sm text-slate-600">Closed</span> : null}
                    {openings.map(({ o, index }) => (
                      <div key={index} className="flex flex-wrap items-center gap-2">
                        <Input
                          type="time"
                          aria-label={`${DAY_NAMES[day]} opens`}
                          value={o.opens}
                          onChange={(e) => setOpening(index, { opens: e.target.value })}
                          className="w-32"
                        />
                        <span aria-hidden="true">–</span>
                        <Input
                          type="time"
                          aria-label={`${DAY_NAMES[day]} closes`}
                          value={o.closes === '24:00' ? '23:59' : o.closes}
                          onChange={(e) => setOpening(index, { closes: e.target.value })}
                          className="w-32"
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove this ${DAY_NAMES[day]} opening`}
                          onClick={() => setHours({ ...hours, weekly: hours.weekly.filter((_, i) => i !== index) })}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </Button>
                      </div>
                    ))}
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Add an opening on ${DAY_NAMES[day]}`}
                    onClick={() =>
                      setHours({ ...hours, weekly: [...hours.weekly, { day, opens: '09:00', closes: '17:00' }] })
                    }
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    Opening
                  </Button>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Holidays</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">Closed the whole day; the site shows the holiday&apos;s name.</p>
          {hours.holidays.length === 0 ? <p className="text-sm text-slate-600">No holidays.</p> : null}
          <ul className="flex flex-col gap-2" aria-label="Holidays">
            {hours.holidays.map((holiday, index) => (
              <li key={index} className="flex flex-wrap items-center gap-2">
                <Input
                  type="date"
                  aria-label="Holiday date"
                  value={holiday.date}
                  onChange={(e) => setHoliday(index, { date: e.target.value })}
                  className="w-44"
                />
                <Input
                  aria-label="Holiday name"
                  value={holiday.name}
                  maxLength={80}
                  onChange={(e) => setHoliday(index, { name: e.target.value })}
                  className="max-w-xs"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${holiday.name || 'this holiday'}`}
                  onClick={() => setHours({ ...hours, holidays: hours.holidays.filter((_, i) => i !== index) })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setHours({ ...hours, holidays: [...hours.holidays, { date: '', name: '' }] })}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Holiday
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>As the site shows them</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm text-slate-800">
            {weeklyHoursLines(hours).map((line) => (
              <div key={line.label} className="contents">
                <dt className="font-medium">{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {save.isError ? (
        <FormAlert>{errorMessage(save.error, 'The business hours could not be saved.')}</FormAlert>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Business Hours'}
        </Button>
      </div>
    </form>
  );
}
