import { Clock } from 'lucide-react';
import type { PublicBusinessHours } from '@shared/business-hours-words';
import { openingHoursLines } from '@shared/site/business-hours';
import { company } from '@shared/site/company';

/**
 * Away mode: nobody can answer now, because the team is closed (outside the
 * business hours the team set, or a holiday, named) or nobody is connected.
 * Says when the team is back, shows the hours and asks for an email so staff
 * can answer later. Until the hours arrive it shows the spec's.
 */
export function AwayNotice({
  hours,
  children,
}: {
  hours: PublicBusinessHours | undefined;
  children?: React.ReactNode;
}) {
  const lines = hours?.lines ?? openingHoursLines(company.hours);
  const zone = hours ? `${hours.timeZoneLabel} Time` : company.hours.timeZoneLabel;
  let headline = 'Our team is away from the chat right now.';
  if (hours?.holidayToday) headline = `We're closed today for ${hours.holidayToday.name}.`;
  else if (hours && !hours.openNow) headline = "We're closed right now.";
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
      <p className="flex items-start gap-2 font-semibold text-slate-900">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span>
          {headline}
          {hours && !hours.openNow && hours.nextOpeningText ? ` We're back ${hours.nextOpeningText}.` : null}
        </span>
      </p>
      <p>Leave a message with your email address and we&apos;ll reply as soon as we&apos;re back.</p>
      <div>
        <p className="font-medium text-slate-900">Business hours ({zone})</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
          {lines.map((line) => (
            <div key={line.label} className="contents">
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-1 text-xs text-slate-700">{company.hours.note}</p>
      </div>
      {children}
    </div>
  );
}
