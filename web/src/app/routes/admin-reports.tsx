import { ReportsScreen } from '@/features/reports/components/reports-screen';

/** /admin/reports in the console (support, sales and admins; each sees the reports its role may open). */
export function Component() {
  return <ReportsScreen />;
}
