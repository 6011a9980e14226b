import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError } from '@/lib/api-client';
import { primaryAction } from '@/lib/primary-actions';
import { FALLBACK_FAILURE, paymentFailed, unexpectedPaymentError, UNEXPECTED_ERROR } from './payment-toasts';

/** What each provider's form takes (PaymentForm chooses the form by the payment configuration). */
export interface ProviderFormProps {
  clientSecret: string;
  /** Where the provider brings the browser back after a redirect (3-D Secure, bank pages…). */
  returnPath: string;
  /** 'if_required': card payments finish on this page (the shop); 'always': go to returnPath (consultation). */
  redirect: 'if_required' | 'always';
  submitLabel: string;
  /** Title of the toast when the provider refuses the payment (default "Payment Failed"). */
  failureTitle?: string;
  /** The payment succeeded without leaving the page. */
  onSucceeded: () => void;
  /** Shown next to the submit button (e.g. Cancel). */
  secondaryAction?: ReactNode;
}

/**
 * A payment attempt as each provider's form makes it: `processing` while it
 * runs; a refusal the server explains (an ApiError) is toasted with its
 * message ("Payment Failed" or `failureTitle`), anything else as an
 * unexpected error. `error` is the same message, shown at the form itself
 * until the next attempt; `fail` reports a refusal the provider's script gave.
 */
export function usePaymentAttempt(failureTitle: string | undefined) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string | null | undefined) => {
    paymentFailed(message, failureTitle);
    setError(message || FALLBACK_FAILURE);
  };
  const attempt = async (run: () => Promise<void>) => {
    setProcessing(true);
    setError(null);
    try {
      await run();
    } catch (caught) {
      if (caught instanceof ApiError) fail(caught.serverMessage);
      else {
        unexpectedPaymentError();
        setError(UNEXPECTED_ERROR);
      }
    } finally {
      setProcessing(false);
    }
  };
  return { processing, attempt, error, fail };
}

/**
 * The end of each provider's form: why the last attempt failed (next to the
 * button, as well as in the toast), the submit button, and the caller's
 * secondary action beside it.
 */
export function PaymentActions({
  label,
  disabled,
  error,
  secondaryAction,
}: {
  label: string;
  disabled: boolean;
  error: string | null;
  secondaryAction?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {error ? <FormAlert>Payment not completed: {error}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={disabled} className="flex-1" {...primaryAction}>
          {label}
        </Button>
        {secondaryAction}
      </div>
    </div>
  );
}
