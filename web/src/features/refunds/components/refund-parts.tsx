import { formatPrice, toCents } from '@shared/money';
import type { AdminOrderDetails } from '@shared/schemas/admin-orders';
import { REFUND_STATUS_LABELS, type OrderRefunds } from '@shared/schemas/refunds';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';

export type RefundMode = 'amount' | 'items';

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** What is wrong with the refund as filled in, before anything is sent; null when it can be confirmed. */
export function refundProblem(
  mode: RefundMode,
  amount: string,
  lineCount: number,
  summary: OrderRefunds | undefined,
): string | null {
  if (mode === 'items') return lineCount === 0 ? 'Choose at least one line and how many to refund.' : null;
  const refundable = summary ? toCents(summary.refundableAmount) : 0;
  if (!AMOUNT.test(amount.trim())) return 'Enter the amount in dollars, e.g. 25.00.';
  if (toCents(amount.trim()) === 0) return 'The amount must be more than $0.00.';
  if (toCents(amount.trim()) > refundable) return `At most ${formatPrice(summary!.refundableAmount)} can be refunded.`;
  return null;
}

/** What was refunded and what is left, and each refund with its status. */
export function RefundHistory({ summary }: { summary: OrderRefunds | undefined }) {
  if (!summary) return null;
  return (
    <>
      <p className="text-slate-700">
        Refunded {formatPrice(summary.refundedAmount)}; {formatPrice(summary.refundableAmount)} can still be refunded.
      </p>
      {summary.refunds.length > 0 ? (
        <ul aria-label="Refunds" className="flex flex-col gap-1">
          {summary.refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap justify-between gap-2">
              <span>
                {formatPrice(refund.amount)} · {REFUND_STATUS_LABELS[refund.status]}
                {refund.failureReason ? ` (${refund.failureReason})` : ''}
                {refund.reason ? ` · automatic: ${refund.reason}` : ''}
              </span>
              <span className="text-slate-600">{formatDateTime(refund.createdAt)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Refund by an amount or by lines. */
export function RefundModeChoice({
  name,
  mode,
  onChange,
}: {
  name: string;
  mode: RefundMode;
  onChange: (mode: RefundMode) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Refund by" className="flex gap-4">
      {(['amount', 'items'] as const).map((value) => (
        <label key={value} className="flex items-center gap-2">
          <input type="radio" name={name} checked={mode === value} onChange={() => onChange(value)} />
          {value === 'amount' ? 'An amount' : 'Lines'}
        </label>
      ))}
    </div>
  );
}

/** How many of each line to refund, up to what is left of it. */
export function RefundLineQuantities({
  items,
  summary,
  quantities,
  onChange,
}: {
  items: AdminOrderDetails['items'];
  summary: OrderRefunds | undefined;
  quantities: Record<string, string>;
  onChange: (quantities: Record<string, string>) => void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => {
        const left = item.quantity - (summary?.refundedQuantities[item.orderItemId] ?? 0);
        return (
          <li key={item.orderItemId} className="flex items-center justify-between gap-3">
            <span>
              {item.name}{' '}
              <span className="text-slate-600">
                ({left} of {item.quantity} refundable)
              </span>
            </span>
            <Input
              aria-label={`Quantity of ${item.name} to refund`}
              className="w-20"
              type="number"
              min={0}
              max={left}
              disabled={left === 0}
              value={quantities[item.orderItemId] ?? ''}
              onChange={(event) => onChange({ ...quantities, [item.orderItemId]: event.target.value })}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The question before a refund is sent, with Confirm and Keep. */
export function RefundConfirmation({
  what,
  pending,
  onConfirm,
  onKeep,
}: {
  what: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="font-medium text-slate-900">Refund {what} to the client&apos;s card?</span>
      <Button variant="primary" disabled={pending} onClick={onConfirm}>
        Confirm refund
      </Button>
      <Button variant="outline" disabled={pending} onClick={onKeep}>
        Keep
      </Button>
    </div>
  );
}
