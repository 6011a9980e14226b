import { SeedDatabasePanel } from '@/features/seeding/components/seed-database-panel';

/**
 * /admin/maintenance in the console, for a role that may seed (the navigation lists it only for them): the spec's
 * seeding card, somewhere an admin goes on purpose rather than below the Dashboard everyone opens first. Seeding only
 * adds products that are missing (never changes one), and still asks for the admin token.
 */
export function Component() {
  return (
    <div className="flex max-w-xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-navy-900">Maintenance</h1>
        <p className="text-slate-600">
          Fill an empty shop with the starter catalogue. Products that already exist (by name) are left exactly as they
          are.
        </p>
      </div>
      <SeedDatabasePanel headingLevel={2} />
    </div>
  );
}
