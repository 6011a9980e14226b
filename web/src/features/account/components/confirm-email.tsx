import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useConfirmEmailChange } from '../api/account';

/** Follows the link sent to a new address (?token=…): confirms it once, on arrival. */
export function ConfirmEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const sent = useRef(false);
  const hydrated = useHydrated();
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!hydrated) return <Spinner className="py-12" label="Confirming your email address" />;
  if (!token || confirm.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <XCircle className="h-10 w-10 text-red-700" aria-hidden="true" />
        <p className="text-slate-700">
          {token
            ? errorMessage(confirm.error, 'Failed to confirm your email address')
            : 'This page needs the link from your confirmation email.'}
        </p>
        <ButtonLink to="/portal/account" variant="outline">
          Go to your Account page
        </ButtonLink>
      </div>
    );
  }
  if (!confirm.isSuccess) return <Spinner className="py-12" label="Confirming your email address" />;
  return (
    <div role="status" className="flex flex-col items-center gap-4 text-center">
      <CheckCircle2 className="h-10 w-10 text-green-700" aria-hidden="true" />
      <p className="text-slate-700">{confirm.data.message}</p>
      <ButtonLink to="/portal/account">Go to your Account page</ButtonLink>
    </div>
  );
}
