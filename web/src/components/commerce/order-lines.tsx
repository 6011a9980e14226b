import { formatPrice } from '@shared/money';
import type { OrderLine } from '@shared/schemas/orders';

/** An order's lines: name, quantity (and, for staff, the unit price charged), line total. */
export function OrderLines({ items, unitPrices = false }: { items: readonly OrderLine[]; unitPrices?: boolean }) {
  return (
    <ul className="flex flex-col divide-y divide-slate-200">
      {items.map((item) => (
        <li key={item.productId} className="flex justify-between gap-4 py-3 text-sm first:pt-0">
          <span className="text-slate-900">
            {item.name}{' '}
            <span className="text-slate-600">
              × {item.quantity}
              {unitPrices ? ` at ${formatPrice(item.price)}` : null}
            </span>
          </span>
          <span className="font-semibold text-slate-900">{formatPrice(item.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
