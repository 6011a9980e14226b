import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useLogout } from '../api/use-auth-mutations';

export function LogoutButton() {
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => {
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
  return (
    <Button variant="outline" onClick={onLogout} disabled={logout.isPending}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      Log Out
    </Button>
  );
}
