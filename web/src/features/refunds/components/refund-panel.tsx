import { useState } from 'react';
import { formatPrice, toCents } from '@shared/money';
import type { AdminOrderDetails } from '@shared/schemas/admin-orders';
import { REFUND_STATUS_LABELS, type OrderRefunds } from '@shared/schemas/refunds';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useMay } from '@/lib/staff-role';
import { useCreateRefund, useOrderRefunds } from '../api/order-refunds';
import {
  RefundConfirmation,
  RefundHistory,
  RefundLineQuantities,
  RefundModeChoice,
  refundProblem,
  type RefundMode,
} from './refund-parts';

/** The staff order page's refund panel: the history, and for the refunds permission a refund form. */
export function RefundPanel({ order }: { order: AdminOrderDetails }) {
  // The history is every order reader's; making a refund is the refunds permission's (decision 167).
  const mayRefund = useMay('refunds');
  const refunds = useOrderRefunds(order.id);
  const [error, setError] = useState<string | null>(null);

  // An order made from a quote has no payment of its own to refund (its deposit is the quote's, decision 201).
  if (!order.paidAt || order.fromQuote) return null;
  const summary = refunds.data;
  const refundable = summary ? toCents(summary.refundableAmount) : 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <RefundHistory summary={summary} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        {mayRefund && refundable > 0 ? <RefundForm order={order} summary={summary} onError={setError} /> : null}
      </CardContent>
    </Card>
  );
}

/** A refund by amount or by lines, confirmed before anything is sent; a refusal is told by the panel. */
function RefundForm({
  order,
  summary,
  onError,
}: {
  order: AdminOrderDetails;
  summary: OrderRefunds | undefined;
  onError(message: string | null): void;
}) {
  const create = useCreateRefund(order.id);
  const [mode, setMode] = useState<RefundMode>('amount');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const lines = order.items
    .map((item) => ({ orderItemId: item.orderItemId, quantity: Number(quantities[item.orderItemId] ?? 0) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);

  const submit = () => {
    onError(null);
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
        onError(errorMessage(err, 'The refund could not be made. Please try again.'));
      },
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <RefundModeChoice
        name={`refund-mode-${order.id}`}
        mode={mode}
        onChange={(value) => {
          setMode(value);
          setConfirming(false);
        }}
      />
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
        <RefundLineQuantities
          items={order.items}
          summary={summary}
          quantities={quantities}
          onChange={(next) => {
            setQuantities(next);
            setConfirming(false);
          }}
        />
      )}
      {confirming ? (
        <RefundConfirmation
          what={mode === 'amount' ? formatPrice(amount.trim()) : 'the chosen lines (with their tax)'}
          pending={create.isPending}
          onConfirm={submit}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            const problem = refundProblem(mode, amount, lines.length, summary);
            onError(problem);
            if (!problem) setConfirming(true);
          }}
        >
          Refund…
        </Button>
      )}
    </div>
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
