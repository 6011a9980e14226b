import { QuotesScreen } from '@/features/admin-quotes/components/quotes-screen';

/** /admin/quotes in the console. */
export function Component() {
  return <QuotesScreen />;
}
