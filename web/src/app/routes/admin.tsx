import { Dashboard } from '@/features/console/components/dashboard';
import { SeedDatabasePanel } from '@/features/seeding/components/seed-database-panel';

/** /admin for staff: the dashboard, with the spec's seeding card below it. */
export function Component() {
  return (
    <div className="flex flex-col gap-10">
      <Dashboard />
      <div className="max-w-xl">
        <SeedDatabasePanel headingLevel={2} />
      </div>
    </div>
  );
}
