import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { paymentFailed, unexpectedPaymentError } from './payment-toasts';

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
 * unexpected error.
 */
export function usePaymentAttempt(failureTitle: string | undefined) {
  const [processing, setProcessing] = useState(false);
  const attempt = async (run: () => Promise<void>) => {
    setProcessing(true);
    try {
      await run();
    } catch (error) {
      if (error instanceof ApiError) paymentFailed(error.serverMessage, failureTitle);
      else unexpectedPaymentError();
    } finally {
      setProcessing(false);
    }
  };
  return { processing, attempt };
}

/** The end of each provider's form: the submit button, with the caller's secondary action beside it. */
export function PaymentActions({
  label,
  disabled,
  secondaryAction,
}: {
  label: string;
  disabled: boolean;
  secondaryAction?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" size="lg" disabled={disabled} className="flex-1">
        {label}
      </Button>
      {secondaryAction}
    </div>
  );
}
