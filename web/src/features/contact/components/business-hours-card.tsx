import { Clock } from 'lucide-react';
import { openingHoursLines } from '@shared/site/business-hours';
import { company } from '@shared/site/company';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Spec §9 business hours. */
export function BusinessHoursCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Business Hours
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
          {openingHoursLines(company.hours).map((line) => (
            <div key={line.label} className="contents">
              <dt className="font-medium">{line.label}</dt>
              <dd className="text-right">{line.value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-600">All times {company.hours.timeZoneLabel}.</p>
        <p className="rounded-md bg-blue-50 p-3 text-sm font-medium text-blue-900">{company.hours.note}</p>
      </CardContent>
    </Card>
  );
}
