import { PageContainer } from '@/components/layout/page-container';
import { SeedDatabasePanel } from '@/features/seeding/components/seed-database-panel';

export function Component() {
  return (
    <PageContainer className="py-12">
      <SeedDatabasePanel />
    </PageContainer>
  );
}
