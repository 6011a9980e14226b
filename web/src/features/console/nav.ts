import {
  Boxes,
  ChartColumn,
  Clock,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  MessageSquareText,
  MessagesSquare,
  Package,
  Settings,
  Timer,
  UserCog,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { DashboardCounts } from '@shared/schemas/dashboard';
import { roleMay, type Permission, type StaffRole } from '@shared/staff-roles';

export interface ConsoleNavEntry {
  /** A path under /admin; the entry is current on it and on every path below it. */
  to: string;
  label: string;
  icon: LucideIcon;
  /** What the screen needs (its API calls need it too): one permission, or any of several; none: every staff role. */
  permission?: Permission | readonly Permission[];
}

/**
 * The staff console's navigation, in order. A feature with a console screen
 * adds its one entry here and its route under the console in
 * web/src/app/router.tsx. Only screens that exist are listed.
 */
export const consoleNav: readonly ConsoleNavEntry[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/chat', label: 'Chat', icon: MessagesSquare, permission: 'chat' },
  { to: '/admin/orders', label: 'Orders', icon: Package, permission: 'orders.read' },
  { to: '/admin/customers', label: 'Customers', icon: Users, permission: 'customers.read' },
  { to: '/admin/catalogue', label: 'Catalogue', icon: Boxes, permission: 'catalogue.read' },
  { to: '/admin/quotes', label: 'Quotes', icon: FileText, permission: 'quotes' },
  { to: '/admin/enquiries', label: 'Enquiries', icon: Inbox, permission: 'enquiries.read' },
  { to: '/admin/service-requests', label: 'Service requests', icon: LifeBuoy, permission: 'service_requests.work' },
  { to: '/admin/reports', label: 'Reports', icon: ChartColumn, permission: ['reports.support', 'reports.sales'] },
  { to: '/admin/outbox', label: 'Outbox', icon: Mail, permission: 'outbox' },
  { to: '/admin/audit-log', label: 'Audit log', icon: History, permission: 'audit_log.read' },
  { to: '/admin/staff', label: 'Staff', icon: UserCog, permission: 'staff.manage' },
  { to: '/admin/canned-replies', label: 'Canned replies', icon: MessageSquareText, permission: 'canned_replies' },
  { to: '/admin/settings/business-hours', label: 'Business hours', icon: Clock, permission: 'settings' },
  { to: '/admin/settings/support', label: 'Support settings', icon: Settings, permission: 'settings' },
  { to: '/admin/settings/service-levels', label: 'Service levels', icon: Timer, permission: 'settings' },
  { to: '/admin/maintenance', label: 'Maintenance', icon: Wrench, permission: 'seeding' },
];

/** Whether a role may open the entry's screen. */
export function roleMayOpen(role: StaffRole | null, entry: ConsoleNavEntry): boolean {
  if (role === null) return false;
  if (entry.permission === undefined) return true;
  const anyOf: readonly Permission[] = typeof entry.permission === 'string' ? [entry.permission] : entry.permission;
  return anyOf.some((permission) => roleMay(role, permission));
}

/** The navigation a role sees: only the screens it may use (decision 167). */
export function navFor(role: StaffRole | null): ConsoleNavEntry[] {
  return consoleNav.filter((entry) => roleMayOpen(role, entry));
}

/** Whether `entry` is the current screen: exactly /admin for the dashboard, else the path or one below it. */
export function isCurrentEntry(entry: ConsoleNavEntry, pathname: string): boolean {
  if (entry.to === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}

/** A count beside a navigation entry (e.g. waiting chats), keyed by the entry's path, with what it counts. */
export type ConsoleNavBadges = Readonly<Partial<Record<string, { count: number; label: string }>>>;

/**
 * Which dashboard count waits beside which entry, and what it counts (read by a
 * screen reader after the number). Each count is the one its dashboard card
 * opens that screen with, so the badge and the card never disagree.
 */
const badgeCounts: readonly { to: string; key: keyof DashboardCounts; label: string }[] = [
  { to: '/admin/chat', key: 'waitingChats', label: 'waiting' },
  { to: '/admin/orders', key: 'ordersToFulfil', label: 'paid, to fulfil' },
  { to: '/admin/enquiries', key: 'newEnquiries', label: 'new' },
  { to: '/admin/service-requests', key: 'newServiceRequests', label: 'unassigned' },
];

/**
 * The console's live service-level badge (decision 192): open tickets and chats that missed a target, else those at
 * risk, counted together (the engine measures both, decision 204); it opens the list of the most pressing ones —
 * breached tickets, breached chats, tickets at risk, chats at risk, in that order. Null when there are none (or the
 * role may see neither list: the server leaves those counts out).
 */
export function slaBadgeFrom(
  counts: DashboardCounts | undefined,
): { to: string; text: string; tone: 'breached' | 'at_risk' } | null {
  const tickets = { breached: counts?.ticketsBreached ?? 0, atRisk: counts?.ticketsAtRisk ?? 0 };
  const chats = { breached: counts?.chatsBreached ?? 0, atRisk: counts?.chatsAtRisk ?? 0 };
  const breached = tickets.breached + chats.breached;
  const atRisk = tickets.atRisk + chats.atRisk;
  if (breached === 0 && atRisk === 0) return null;
  const parts = [breached > 0 ? `${breached} breached` : null, atRisk > 0 ? `${atRisk} at risk` : null];
  const state = breached > 0 ? 'breached' : 'at_risk';
  const ticketsFirst = breached > 0 ? tickets.breached > 0 : tickets.atRisk > 0;
  return {
    to: `${ticketsFirst ? '/admin/service-requests' : '/admin/chat'}?sla=${state}`,
    text: `Service levels: ${parts.filter(Boolean).join(', ')}`,
    tone: state,
  };
}

/**
 * The navigation's badges from the dashboard's counts: one per count above
 * zero. The server leaves out a count the role may not open (decision 167), so
 * a role gets no badge for a screen it cannot see.
 */
export function navBadgesFrom(counts: DashboardCounts | undefined): ConsoleNavBadges {
  const badges: Record<string, { count: number; label: string }> = {};
  for (const { to, key, label } of badgeCounts) {
    const count = counts?.[key];
    if (count !== undefined && count > 0) badges[to] = { count, label };
  }
  return badges;
}
