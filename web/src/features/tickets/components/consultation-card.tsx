import { CalendarCheck, CalendarClock, Download } from 'lucide-react';
import type { ConsultationView } from '@shared/schemas/tickets';
import { formatInZone } from '@shared/time-zones';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { consultationCalendarPath, useConfirmConsultation } from '../api/confirm-consultation';

/** The consultation time on a request: proposed (the client confirms it) or confirmed, with the calendar file. */
export function ConsultationCard({
  requestId,
  consultation,
  canConfirm,
}: {
  requestId: string;
  consultation: ConsultationView;
  canConfirm: boolean;
}) {
  const confirm = useConfirmConsultation(requestId);
  const confirmed = consultation.status === 'confirmed';
  const Icon = confirmed ? CalendarCheck : CalendarClock;
  return (
    <section
      aria-label="Consultation time"
      className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold text-navy-900">
        <Icon className="h-5 w-5" aria-hidden="true" />
        {confirmed ? 'Consultation confirmed' : 'Proposed consultation time'}
      </h2>
      <p className="text-sm text-slate-900">
        {formatInZone(consultation.startsAt, consultation.timeZone)}, {consultation.durationMinutes} minutes
      </p>
      {confirm.isError ? (
        <FormAlert>{errorMessage(confirm.error, 'Could not confirm. Please try again.')}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {canConfirm && !confirmed ? (
          <Button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm This Time'}
          </Button>
        ) : null}
        <a
          href={consultationCalendarPath(requestId)}
          download="consultation.ics"
          className="inline-flex items-center gap-2 text-sm font-semibold text-blue-700 underline hover:text-blue-800"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Add to calendar (.ics)
        </a>
      </div>
    </section>
  );
}
