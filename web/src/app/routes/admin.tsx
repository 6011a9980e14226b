import { Dashboard } from '@/features/console/components/dashboard';
import { SeedDatabasePanel } from '@/features/seeding/components/seed-database-panel';
import { useMay } from '@/lib/staff-role';

/** /admin for staff: the dashboard, with the spec's seeding card below it for a role that may seed. */
export function Component() {
  const maySeed = useMay('seeding');
  return (
    <div className="flex flex-col gap-10">
      <Dashboard />
      {maySeed ? (
        <div className="max-w-xl">
          <SeedDatabasePanel headingLevel={2} />
        </div>
      ) : null}
    </div>
  );
}
