import { useState } from 'react';
import { formatPrice, toCents } from '@shared/money';
import type { AdminOrderDetails } from '@shared/schemas/admin-orders';
import { REFUND_STATUS_LABELS } from '@shared/schemas/refunds';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateRefund, useOrderRefunds } from '../api/order-refunds';

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** The staff order page's refund panel: by amount or by lines, confirmed before anything is sent. */
export function RefundPanel({ order }: { order: AdminOrderDetails }) {
  const refunds = useOrderRefunds(order.id);
  const create = useCreateRefund(order.id);
  const [mode, setMode] = useState<'amount' | 'items'>('amount');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!order.paidAt) return null;
  const summary = refunds.data;
  const refundable = summary ? toCents(summary.refundableAmount) : 0;
  const lines = order.items
    .map((item) => ({ orderItemId: item.orderItemId, quantity: Number(quantities[item.orderItemId] ?? 0) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);

  const check = (): string | null => {
    if (mode === 'amount') {
      if (!AMOUNT.test(amount.trim())) return 'Enter the amount in dollars, e.g. 25.00.';
      if (toCents(amount.trim()) === 0) return 'The amount must be more than $0.00.';
      if (toCents(amount.trim()) > refundable)
        return `At most ${formatPrice(summary!.refundableAmount)} can be refunded.`;
      return null;
    }
    return lines.length === 0 ? 'Choose at least one line and how many to refund.' : null;
  };

  const submit = () => {
    setError(null);
    create.mutate(mode === 'amount' ? { amount: amount.trim() } : { items: lines }, {
      onSuccess: (answer) => {
        setConfirming(false);
        setAmount('');
        setQuantities({});
        toast({
          title: 'Refund Sent',
          description: `${formatPrice(answer.refund.amount)} — ${REFUND_STATUS_LABELS[answer.refund.status].toLowerCase()}.`,
        });
      },
      onError: (err) => {
        setConfirming(false);
        setError(errorMessage(err, 'The refund could not be made. Please try again.'));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {summary ? (
          <p className="text-slate-700">
            Refunded {formatPrice(summary.refundedAmount)}; {formatPrice(summary.refundableAmount)} can still be
            refunded.
          </p>
        ) : null}
        {summary && summary.refunds.length > 0 ? (
          <ul aria-label="Refunds" className="flex flex-col gap-1">
            {summary.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatPrice(refund.amount)} · {REFUND_STATUS_LABELS[refund.status]}
                  {refund.failureReason ? ` (${refund.failureReason})` : ''}
                  {refund.reason ? ` · automatic: ${refund.reason}` : ''}
                </span>
                <span className="text-slate-600">{new Date(refund.createdAt).toLocaleString('en-US')}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {refundable > 0 ? (
          <div className="flex flex-col gap-3">
            <div role="radiogroup" aria-label="Refund by" className="flex gap-4">
              {(['amount', 'items'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`refund-mode-${order.id}`}
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      setConfirming(false);
                    }}
                  />
                  {value === 'amount' ? 'An amount' : 'Lines'}
                </label>
              ))}
            </div>
            {mode === 'amount' ? (
              <label className="flex flex-col gap-1 font-medium text-slate-700">
                Amount to refund (USD)
                <Input
                  inputMode="decimal"
                  value={amount}
                  placeholder={summary?.refundableAmount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setConfirming(false);
                  }}
                />
              </label>
            ) : (
              <ul className="flex flex-col gap-2">
                {order.items.map((item) => {
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
                        onChange={(event) => {
                          setQuantities({ ...quantities, [item.orderItemId]: event.target.value });
                          setConfirming(false);
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
            {confirming ? (
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-medium text-slate-900">
                  Refund {mode === 'amount' ? formatPrice(amount.trim()) : 'the chosen lines (with their tax)'} to the
                  client&apos;s card?
                </span>
                <Button variant="primary" disabled={create.isPending} onClick={submit}>
                  Confirm refund
                </Button>
                <Button variant="outline" disabled={create.isPending} onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </div>
            ) : (
              <Button
                variant="outline"
                className="self-start"
                onClick={() => {
                  const problem = check();
                  setError(problem);
                  if (!problem) setConfirming(true);
                }}
              >
                Refund…
              </Button>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The invoice of a paid order: a download for staff and its owner. */
export function InvoiceLink({ orderId, invoiceNumber }: { orderId: string; invoiceNumber: string }) {
  return (
    <a
      className="font-medium text-blue-800 underline underline-offset-2"
      href={`/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`}
      download={`invoice-${invoiceNumber}.pdf`}
    >
      Download invoice {invoiceNumber} (PDF)
    </a>
  );
}
