import {
  AlarmClockOff,
  Clock,
  FileSignature,
  FileText,
  Hourglass,
  MessageSquareWarning,
  MessagesSquare,
  PackageCheck,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import type { DashboardCounts } from '@shared/schemas/dashboard';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useStaffEventsStatus } from '@/lib/live/staff-events';
import { useDashboardCounts } from '../api/dashboard';

interface Tile {
  key: keyof DashboardCounts;
  label: string;
  hint: string;
  icon: LucideIcon;
  /** The list the card opens, filtered to exactly what it counts. */
  to: string;
}

/** The cards: each label says what its count counts, and each opens that list, filtered the same way. */
export const dashboardTiles: readonly Tile[] = [
  {
    key: 'ordersToFulfil',
    label: 'Paid orders to fulfil',
    hint: 'Paid, not yet processing',
    icon: PackageCheck,
    to: '/admin/orders?status=paid',
  },
  {
    key: 'waitingChats',
    label: 'Waiting chats',
    hint: 'Visitor messages not read yet',
    icon: MessagesSquare,
    to: '/admin/chat',
  },
  {
    key: 'newEnquiries',
    label: 'New enquiries',
    hint: 'Status new: not replied to or closed yet',
    icon: FileText,
    to: '/admin/enquiries?status=new',
  },
  {
    key: 'newQuoteRequests',
    label: 'New quote requests',
    hint: 'Enquiries asking for a quote, not answered yet',
    icon: FileSignature,
    to: '/admin/enquiries?status=new&kind=quote_request',
  },
  {
    key: 'newServiceRequests',
    label: 'Unassigned service requests',
    hint: 'Pending, nobody assigned yet',
    icon: Wrench,
    to: '/admin/service-requests?status=pending&assigneeId=none',
  },
  {
    key: 'ticketsAtRisk',
    label: 'Requests at risk',
    hint: 'Open, 80 % of a service-level target used',
    icon: Clock,
    to: '/admin/service-requests?sla=at_risk',
  },
  {
    key: 'ticketsBreached',
    label: 'Service levels breached',
    hint: 'Open requests that missed a target',
    icon: AlarmClockOff,
    to: '/admin/service-requests?sla=breached',
  },
  {
    key: 'chatsAtRisk',
    label: 'Chats at risk',
    hint: 'Open, 80 % of the first-response time used',
    icon: Hourglass,
    to: '/admin/chat?sla=at_risk',
  },
  {
    key: 'chatsBreached',
    label: 'Chat responses breached',
    hint: 'Open chats that missed their first-response target',
    icon: MessageSquareWarning,
    to: '/admin/chat?sla=breached',
  },
];

/** What needs attention now; the counts follow staff events, so they change as things happen. */
export function Dashboard() {
  const counts = useDashboardCounts();
  const live = useStaffEventsStatus() === 'open';
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="dashboard-heading" className="text-3xl font-bold text-navy-900">
          Dashboard
        </h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          {live ? 'Live: counts update as things happen' : 'Connecting for live updates…'}
        </p>
      </div>
      {counts.isPending ? (
        <Spinner label="Loading the dashboard" className="py-10" />
      ) : counts.isError ? (
        <p role="alert" className="text-red-700">
          The dashboard could not be loaded. Please reload the page.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {dashboardTiles.map(({ key, label, hint, icon: Icon, to }) => {
            // A count the role may not open is not sent (decision 167): no tile for it.
            if (counts.data[key] === undefined) return null;
            return (
              <li key={key}>
                <Card className="h-full">
                  <Link to={to} className="flex h-full flex-col gap-1 rounded-xl p-5 hover:bg-slate-50">
                    <Icon className="h-6 w-6 text-blue-700" aria-hidden="true" />
                    <span className="text-4xl font-bold text-navy-900" data-testid={`count-${key}`}>
                      {counts.data[key]}
                    </span>
                    <span className="font-semibold text-slate-900">{label}</span>
                    <span className="text-sm text-slate-600">{hint}</span>
                  </Link>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
