import { SupportSettingsScreen } from '@/features/support-settings/components/support-settings-screen';

/** /admin/settings/support in the console (admins; the API refuses other roles). */
export function Component() {
  return <SupportSettingsScreen />;
}
