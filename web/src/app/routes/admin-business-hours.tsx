import { BusinessHoursScreen } from '@/features/business-hours-settings/components/business-hours-screen';

/** /admin/settings/business-hours in the console (admins; the API refuses other roles). */
export function Component() {
  return <BusinessHoursScreen />;
}
