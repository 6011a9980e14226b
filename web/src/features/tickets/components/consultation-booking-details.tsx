import type { ConsultationBookingView } from '@shared/schemas/tickets';

/**
 * What the client answered when booking the paid consultation (decision 200), as fields staff read at a glance
 * before proposing a time: the topic and the times that suit them.
 */
export function ConsultationBookingDetails({ booking }: { booking: ConsultationBookingView }) {
  return (
    <section
      aria-label="Consultation booking"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-slate-900"
    >
      <dl className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold text-navy-900">Topic</dt>
        <dd className="whitespace-pre-wrap break-words">{booking.topic ?? 'Not given when booking'}</dd>
        <dt className="font-semibold text-navy-900">Preferred times</dt>
        <dd className="whitespace-pre-wrap break-words">{booking.preferredTimes ?? 'Any time'}</dd>
      </dl>
    </section>
  );
}
