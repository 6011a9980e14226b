import { Minus, Plus, Trash2 } from 'lucide-react';
import { MAX_QUANTITY } from '@shared/cart';
import { formatCents, formatPrice, toCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import type { CartItem } from '../cart/cart-store';

export interface CartLine {
  id: string;
  name: string;
  quantity: number;
  price: string;
  unavailable?: CartItem['unavailable'];
}

const UNAVAILABLE: Record<NonNullable<CartItem['unavailable']>, string> = {
  removed: 'No longer sold — please remove it',
  out_of_stock: 'Out of stock — please remove it',
};

/**
 * Lines with quantity and line total; editable (quantity, remove) when the
 * handlers are given — the cart drawer and checkout before the order is placed.
 */
export function CartLines({
  lines,
  onQuantity,
  onRemove,
}: {
  lines: CartLine[];
  onQuantity?: (id: string, quantity: number) => void;
  onRemove?: (id: string) => void;
}) {
  return (
    <ul className="flex flex-col divide-y divide-slate-200">
      {lines.map((line) => (
        <li key={line.id} className="flex flex-col gap-2 py-3 first:pt-0">
          <div className="flex justify-between gap-3 text-sm">
            <div className="flex flex-col">
              <span className="font-medium text-slate-900">{line.name}</span>
              <span className="text-slate-600">
                {onQuantity ? `${formatPrice(line.price)} each` : `Qty ${line.quantity} × ${formatPrice(line.price)}`}
              </span>
            </div>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900">
              {formatCents(toCents(line.price) * line.quantity)}
            </span>
          </div>
          {onQuantity && onRemove ? (
            <div className="flex items-center justify-between gap-3 text-sm text-slate-700">
              <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${line.name}`}>
                <Button
                  variant="outline"
                  size="icon"
                  className="h-8 w-8"
                  aria-label="Decrease quantity"
                  onClick={() => onQuantity(line.id, line.quantity - 1)}
                >
                  <Minus className="h-3 w-3" aria-hidden="true" />
                </Button>
                <span className="w-8 text-center font-medium" aria-live="polite">
                  {line.quantity}
                </span>
                <Button
                  variant="outline"
                  size="icon"
                  className="h-8 w-8"
                  aria-label="Increase quantity"
                  disabled={line.quantity >= MAX_QUANTITY}
                  onClick={() => onQuantity(line.id, line.quantity + 1)}
                >
                  <Plus className="h-3 w-3" aria-hidden="true" />
                </Button>
              </div>
              <Button variant="ghost" size="sm" onClick={() => onRemove(line.id)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove<span className="sr-only"> {line.name}</span>
              </Button>
            </div>
          ) : null}
          {line.unavailable ? (
            <p className="text-sm font-medium text-red-700">{UNAVAILABLE[line.unavailable]}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
