import type { Totals } from '@shared/money';
import { OrderTotals } from '@/components/commerce/order-totals';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CartLines, type CartLine } from '../cart-lines';

/**
 * Spec §2: items with quantity and line total, subtotal, "State Tax (8.5%)"
 * and total. Editable (quantity, remove) while the order is not yet placed.
 */
export function OrderSummary({
  lines,
  totals,
  onQuantity,
  onRemove,
}: {
  lines: CartLine[];
  totals: Totals;
  onQuantity?: (id: string, quantity: number) => void;
  onRemove?: (id: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CartLines lines={lines} onQuantity={onQuantity} onRemove={onRemove} />
        <OrderTotals totals={totals} />
      </CardContent>
    </Card>
  );
}
