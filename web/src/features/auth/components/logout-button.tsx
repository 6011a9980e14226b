import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useLogout } from '../api/use-auth-mutations';

/** Logs out with the spec's toasts and goes home; for the portal's button and the header's account menu. */
export function useLogOutAction() {
  const logout = useLogout();
  const navigate = useNavigate();
  const logOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged Out', description: 'You have been logged out.' });
        navigate('/', { replace: true });
      },
      onError: () => {
        toast({ title: 'Error', description: 'Failed to log out. Please try again.', variant: 'destructive' });
      },
    });
  };
  return { logOut, pending: logout.isPending };
}

export function LogoutButton() {
  const { logOut, pending } = useLogOutAction();
  return (
    <Button variant="outline" onClick={logOut} disabled={pending}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      Log Out
    </Button>
  );
}
