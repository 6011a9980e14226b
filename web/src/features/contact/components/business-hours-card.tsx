import { Clock } from 'lucide-react';
import { company, formatHours } from '@shared/site/company';
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
          {company.hours.map((hours) => (
            <div key={hours.label} className="contents">
              <dt className="font-medium">{hours.label}</dt>
              <dd className="text-right">{formatHours(hours)}</dd>
            </div>
          ))}
        </dl>
        <p className="rounded-md bg-blue-50 p-3 text-sm font-medium text-blue-900">{company.emergencySupport}</p>
      </CardContent>
    </Card>
  );
}
