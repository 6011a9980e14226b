import { Clock } from 'lucide-react';
import { isOpenAt, openingHoursLines } from '@shared/site/business-hours';
import { company } from '@shared/site/company';

/**
 * Away mode: nobody is connected to answer. Says so, shows the business hours
 * (spec §9) and asks for an email so staff can answer later. Rendered only in
 * the browser (the chat panel is never prerendered), so "now" is safe to use.
 */
export function AwayNotice({ children }: { children?: React.ReactNode }) {
  const openNow = isOpenAt(company.hours, new Date());
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
      <p className="flex items-start gap-2 font-semibold text-slate-900">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        {openNow ? 'Our team is away from the chat right now.' : "We're closed right now."}
      </p>
      <p>Leave a message with your email address and we&apos;ll reply as soon as we&apos;re back.</p>
      <div>
        <p className="font-medium text-slate-900">Business hours ({company.hours.timeZoneLabel})</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
          {openingHoursLines(company.hours).map((line) => (
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
