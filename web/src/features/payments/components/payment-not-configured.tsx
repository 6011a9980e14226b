import { CreditCard } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

/** Spec §2: shown when no payment provider is configured (or the publishable key is invalid). */
export function PaymentNotConfigured({
  title = 'Payment System Not Configured',
  backTo = '/shop',
  backLabel = 'Back to Shop',
  description = 'Online payment is not available right now. Please contact our sales team and we will complete your purchase by invoice.',
}: {
  title?: string;
  backTo?: string;
  backLabel?: string;
  description?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-8 text-center"
    >
      <CreditCard className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="max-w-md text-sm text-slate-600">{description}</p>
      <ButtonLink to={backTo} variant="outline">
        {backLabel}
      </ButtonLink>
    </div>
  );
}
