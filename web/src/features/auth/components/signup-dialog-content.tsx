import type { RefObject } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { SignupForm } from './signup-form';

/** The sign-up dialog itself, loaded by SignupDialog on first use. */
export function SignupDialogContent({
  next,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  next: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create an Account"
        description="Buy products, book consultations and track your orders."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SignupForm next={next} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
