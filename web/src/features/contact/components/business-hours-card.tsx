import { Clock } from 'lucide-react';
import { openingHoursLines } from '@shared/site/business-hours';
import { company } from '@shared/site/company';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { usePublicBusinessHours } from '../api/business-hours';

/**
 * Spec §9 business hours: the page is prerendered with the spec's hours, then
 * shows the hours the team set (GET /api/business-hours), whether it is open
 * now, a holiday today by name, and the holidays ahead.
 */
export function BusinessHoursCard() {
  const { data } = usePublicBusinessHours();
  const lines = data?.lines ?? openingHoursLines(company.hours);
  const zone = data ? `${data.timeZoneLabel} Time` : company.hours.timeZoneLabel;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Business Hours
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {data ? <OpenNow hours={data} /> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
          {lines.map((line) => (
            <div key={line.label} className="contents">
              <dt className="font-medium">{line.label}</dt>
              <dd className="text-right">{line.value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-600">All times {zone}.</p>
        {data && data.upcomingHolidays.length > 0 ? (
          <div>
            <p className="text-sm font-medium text-slate-900">Closed on</p>
            <ul className="mt-1 text-sm text-slate-700">
              {data.upcomingHolidays.map((holiday) => (
                <li key={holiday.date}>
                  {formatDate(`${holiday.date}T12:00:00Z`)}: {holiday.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="rounded-md bg-blue-50 p-3 text-sm font-medium text-blue-900">{company.hours.note}</p>
      </CardContent>
    </Card>
  );
}

function OpenNow({ hours }: { hours: NonNullable<ReturnType<typeof usePublicBusinessHours>['data']> }) {
  if (hours.openNow) return <p className="text-sm font-semibold text-green-800">Open now</p>;
  const closed = hours.holidayToday ? `Closed today for ${hours.holidayToday.name}` : 'Closed now';
  return (
    <p className="text-sm font-semibold text-amber-800">
      {closed}
      {hours.nextOpeningText ? ` · back ${hours.nextOpeningText}` : ''}
    </p>
  );
}
