import { UserPlus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog, the form and its validation (zod) are a chunk of their own, fetched when the visitor
// reaches for the button: /shop shows the button without paying for what is behind it.
const loadDialog = () => import('./signup-dialog-content');
const SignupDialogContent = lazy(async () => ({ default: (await loadDialog()).SignupDialogContent }));

/** "Create Account" opening the sign-up form in a dialog (with its link to /login); the visitor stays on `next`. */
export function SignupDialog({ next }: { next: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        Create Account
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <SignupDialogContent next={next} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
