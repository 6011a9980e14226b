import type { QuoteTimelineEntry } from '../api/admin-quotes';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Edited',
  sent: 'Sent to the client',
  viewed: 'Viewed by the client',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  revised: 'Revised',
  superseded: 'Replaced by a new version',
  paid: 'Deposit paid',
  converted: 'Converted',
  reminded: 'Expiry reminder sent',
};

const DETAIL_LABELS: Record<string, string> = {
  signatureName: 'Signed as',
  ip: 'IP',
  reason: 'Reason',
};

function label(kind: string): string {
  return LABELS[kind] ?? kind.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
}

function actorName(actor: QuoteTimelineEntry['actor']): string | null {
  if (!actor) return null;
  if (typeof actor === 'string') return actor;
  return actor.name ?? actor.username ?? null;
}

/** What a timeline entry's details say, as "label: value" pairs (a string is shown as it is). */
export function detailLines(details: unknown): string[] {
  if (details === null || details === undefined || details === '') return [];
  if (typeof details === 'string' || typeof details === 'number') return [String(details)];
  if (typeof details !== 'object') return [];
  return Object.entries(details as Record<string, unknown>)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${DETAIL_LABELS[key] ?? key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    );
}

/** What happened to the quote, oldest first, and who did it. */
export function QuoteTimeline({ entries }: { entries: readonly QuoteTimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4">
      {entries.map((entry, index) => {
        const who = actorName(entry.actor);
        return (
          <li key={`${entry.kind}-${entry.at}-${index}`} className="text-sm">
            <p>
              <span className="font-semibold text-slate-900">{label(entry.kind)}</span>
              {who ? <span className="text-slate-700"> by {who}</span> : null}
              <span className="text-slate-600"> · {when(entry.at)}</span>
            </p>
            {detailLines(entry.details).map((line) => (
              <p key={line} className="whitespace-pre-wrap break-words text-slate-700">
                {line}
              </p>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
