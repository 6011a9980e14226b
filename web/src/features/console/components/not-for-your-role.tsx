import { ShieldAlert } from 'lucide-react';
import { staffRoleLabels } from '@shared/staff-roles';
import { ButtonLink } from '@/components/ui/button';
import { useStaffRole } from '@/lib/staff-role';

/** A console screen outside the staff member's role (reached by its address): what it is, and the way back. */
export function NotForYourRole({ screen }: { screen: string }) {
  const role = useStaffRole();
  return (
    <div className="flex flex-col items-center gap-5 py-24 text-center">
      <ShieldAlert className="h-12 w-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-navy-900">Not part of your role</h1>
      <p className="max-w-xl text-slate-600">
        {screen} is not part of the {role ? staffRoleLabels[role] : 'staff'} role. An admin can change your role if you
        need it.
      </p>
      <ButtonLink to="/admin">Go to the dashboard</ButtonLink>
    </div>
  );
}
