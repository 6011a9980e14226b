import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { SignupForm } from './signup-form';

/** "Create Account" opening the sign-up form in a dialog (with its link to /login); the visitor stays on `next`. */
export function SignupDialog({ next }: { next: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Create Account
        </Button>
      </DialogTrigger>
      <DialogContent title="Create an Account" description="Buy products, book consultations and track your orders.">
        <SignupForm next={next} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
