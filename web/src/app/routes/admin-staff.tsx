import { useUser } from '@/features/auth/api/use-user';
import { StaffScreen } from '@/features/admin-staff/components/staff-screen';

/** /admin/staff in the console (admins: the server answers 403 to anyone without staff.manage). */
export function Component() {
  const { user } = useUser();
  return <StaffScreen currentUserId={user?.id ?? null} />;
}
