import { formatCents, TAX_RATE_LABEL, type Totals } from '@shared/money';

/** Spec §2: subtotal, "State Tax (8.5%)" and total. */
export function OrderTotals({ totals }: { totals: Totals }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 border-t border-slate-200 pt-4 text-sm">
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="text-right text-slate-900">{formatCents(totals.subtotalCents)}</dd>
      <dt className="text-slate-600">State Tax ({TAX_RATE_LABEL})</dt>
      <dd className="text-right text-slate-900">{formatCents(totals.taxCents)}</dd>
      <dt className="text-base font-semibold text-slate-900">Total</dt>
      <dd className="text-right text-base font-bold text-navy-900">{formatCents(totals.totalCents)}</dd>
    </dl>
  );
}
