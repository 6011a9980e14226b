import { Link } from 'react-router-dom';
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
  revised: 'Revised (a new version)',
  superseded: 'Replaced by a new version',
  paid: 'Deposit paid',
  converted: 'Converted',
  reminded: 'Expiry reminder sent',
  client_replied: 'The client replied by email',
  order_created: 'Order created',
  subscription_started: 'Subscription started',
  subscription_failed: 'Subscription not started yet',
};

const DETAIL_LABELS: Record<string, string> = {
  signatureName: 'Signed as',
  ip: 'IP',
  reason: 'Reason',
  version: 'Version',
  amount: 'Amount',
  paymentId: 'Payment',
  to: 'To',
  from: 'From',
  message: 'Message',
  differentAddress: 'From a different address',
  orderNumber: 'Order',
  outcome: 'Outcome',
};

/** Ids that the screen shows as links (the other version, the project ticket), not as text. */
const LINKED = new Set(['quoteId', 'serviceRequestId', 'orderId', 'planId', 'subscriptionId']);

function label(kind: string): string {
  return LABELS[kind] ?? kind.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
}

/** What a timeline entry's data says, as "label: value" lines (the other version's id is a link's business). */
export function detailLines(data: QuoteTimelineEntry['data']): string[] {
  return Object.entries(data)
    .filter(([key, value]) => !LINKED.has(key) && key !== 'inboundEmailId' && value !== null && value !== '')
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${String(value)}`);
}

/** What happened to the quote, oldest first, and who did it. */
export function QuoteTimeline({ entries }: { entries: readonly QuoteTimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4">
      {entries.map((entry, index) => {
        const who = entry.actorName;
        return (
          <li key={`${entry.type}-${entry.at}-${index}`} className="text-sm">
            <p>
              <span className="font-semibold text-slate-900">{label(entry.type)}</span>
              {who ? <span className="text-slate-700"> by {who}</span> : null}
              <span className="text-slate-600"> · {when(entry.at)}</span>
            </p>
            {detailLines(entry.data).map((line) => (
              <p key={line} className="whitespace-pre-wrap break-words text-slate-700">
                {line}
              </p>
            ))}
            {typeof entry.data.inboundEmailId === 'string' ? (
              <Link className="text-blue-700 underline" to={`/admin/inbound-emails/${entry.data.inboundEmailId}`}>
                View email
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
