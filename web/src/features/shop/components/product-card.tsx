import { Package, Plus } from 'lucide-react';
import { formatPrice } from '@shared/money';
import type { Product } from '@shared/schemas/catalog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { primaryAction } from '@/lib/primary-actions';
import { StarRating } from './star-rating';

/**
 * A product in the grid. `eager`: among the first cards on screen, so its
 * image loads at once (the rest load as they scroll into view); the first
 * one's image is also fetched at high priority. Sizes are fixed (4:3), so
 * nothing moves as images arrive.
 */
export function ProductCard({
  product,
  onAdd,
  eager = false,
  first = false,
}: {
  product: Product;
  onAdd: (product: Product) => void;
  eager?: boolean;
  first?: boolean;
}) {
  return (
    // Phones: a row (a square picture beside the text), so a screen shows more than one product.
    <Card className="flex w-full flex-row overflow-hidden sm:flex-col">
      <div className="relative aspect-square w-28 shrink-0 self-start bg-slate-100 sm:aspect-[4/3] sm:w-auto sm:self-auto">
        {product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-slate-400">
            <Package className="h-16 w-16" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap gap-2">
          <Badge>{product.category}</Badge>
          {product.inStock ? null : <Badge variant="danger">Out of Stock</Badge>}
        </div>
        <h2 className="text-base font-semibold leading-snug text-slate-900">{product.name}</h2>
        <p className="line-clamp-3 flex-1 text-sm text-slate-600 sm:line-clamp-none">{product.description}</p>
        <StarRating rating={product.rating} />
        {/* Price, then the button under it: the same place in every card, and its label never wraps. */}
        <div className="flex flex-col gap-3 pt-1">
          <p className="text-lg font-bold tabular-nums text-navy-900 sm:text-xl">{formatPrice(product.price)}</p>
          <Button
            onClick={() => onAdd(product)}
            disabled={!product.inStock}
            className="self-start whitespace-nowrap"
            {...primaryAction}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add to Cart<span className="sr-only">: {product.name}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}
