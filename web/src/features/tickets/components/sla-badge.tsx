import { useEffect, useState } from 'react';
import type { StaffTicketSummary } from '@shared/schemas/tickets';
import { Badge } from '@/components/ui/badge';
import { slaSummary } from '@/lib/sla';

/** The time shown moves on each minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A ticket's service level: its state, and the time left to the running target or how long it is overdue. */
export function SlaBadge({ ticket }: { ticket: StaffTicketSummary }) {
  const now = useMinuteClock();
  const summary = slaSummary(ticket, now);
  if (!summary) return null;
  return (
    <span className="flex items-center gap-2 text-xs text-slate-600" data-testid="sla">
      <Badge variant={summary.variant}>{summary.label}</Badge>
      {summary.text ? <span>{summary.text}</span> : null}
    </span>
  );
}
