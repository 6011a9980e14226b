import { LogOut, UserCog } from 'lucide-react';
import { Link } from 'react-router-dom';
import { displayName, useUser } from '../api/use-user';
import { useLogOutAction } from './logout-button';

/** The staff console's account corner: who is signed in, and Log Out. */
export function ConsoleAccount() {
  const { user } = useUser();
  const { logOut, pending } = useLogOutAction();
  if (!user) return null;
  return (
    <div className="flex items-center justify-between gap-3 md:flex-col md:items-stretch">
      <p className="truncate text-sm text-blue-100">
        Signed in as <span className="font-semibold text-white">{displayName(user)}</span>
      </p>
      <Link
        to="/admin/account"
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-blue-50 hover:bg-white/10"
      >
        <UserCog className="h-4 w-4" aria-hidden="true" />
        Your account
      </Link>
      <button
        type="button"
        onClick={logOut}
        disabled={pending}
        className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-blue-50 hover:bg-white/10"
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Log Out
      </button>
    </div>
  );
}
