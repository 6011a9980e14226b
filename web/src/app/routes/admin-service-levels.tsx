import { ServiceLevelsScreen } from '@/features/support-settings/components/service-levels-screen';

/** /admin/settings/service-levels in the console (admins; the API refuses other roles). */
export function Component() {
  return <ServiceLevelsScreen />;
}
