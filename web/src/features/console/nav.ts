import type { Permission } from '@shared/staff-roles';
import {
  Boxes,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  MessagesSquare,
  Package,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface ConsoleNavEntry {
  /** A path under /admin; the entry is current on it and on every path below it. */
  to: string;
  label: string;
  icon: LucideIcon;
  /** The permission the screen needs (shared/src/staff-roles.ts); the entry is for the roles that have it. */
  permission?: Permission;
}

/**
 * The staff console's navigation, in order. A feature with a console screen
 * adds its one entry here and its route under the console in
 * web/src/app/router.tsx. Only screens that exist are listed.
 */
export const consoleNav: readonly ConsoleNavEntry[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/chat', label: 'Chat', icon: MessagesSquare },
  { to: '/admin/orders', label: 'Orders', icon: Package },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/catalogue', label: 'Catalogue', icon: Boxes },
  { to: '/admin/quotes', label: 'Quotes', icon: FileText, permission: 'quotes' },
  { to: '/admin/enquiries', label: 'Enquiries', icon: Inbox },
  { to: '/admin/service-requests', label: 'Service requests', icon: LifeBuoy },
  { to: '/admin/outbox', label: 'Outbox', icon: Mail },
  { to: '/admin/audit-log', label: 'Audit log', icon: History, permission: 'audit_log.read' },
  { to: '/admin/staff', label: 'Staff', icon: UserCog, permission: 'staff.manage' },
];

/** Whether `entry` is the current screen: exactly /admin for the dashboard, else the path or one below it. */
export function isCurrentEntry(entry: ConsoleNavEntry, pathname: string): boolean {
  if (entry.to === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
