import { Dashboard } from '@/features/console/components/dashboard';

/** /admin for staff: the dashboard (seeding is under Maintenance, /admin/maintenance, for a role that may seed). */
export function Component() {
  return <Dashboard />;
}
