import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Product } from '@shared/schemas/catalog';
import { cn } from '@/lib/cn';
import { toastAddedToCart } from '../added-to-cart-toast';
import { useProducts } from '../api/get-products';
import { useCart } from '../cart/cart-provider';
import { ProductCard } from './product-card';
import { NoProducts, ProductsError, ProductsLoading } from './shop-states';

const ALL = 'All products';
/** The first row on a wide screen: their images load with the page, the rest as they scroll into view. */
const EAGER_IMAGES = 4;
/**
 * The whole catalogue shows the first products (three rows on a wide screen)
 * and a button for the rest: the page the server sends, and what hydrates,
 * stays small however large the catalogue grows. A category shows all of its.
 */
const FIRST_PAGE = 12;

function CategoryFilter({
  categories,
  selected,
  onSelect,
}: {
  categories: string[];
  selected: string;
  onSelect: (category: string) => void;
}) {
  return (
    // One scrolling row on phones (no wall of chips above the grid), wrapped from small screens up.
    <div
      role="group"
      aria-label="Filter by category"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {[ALL, ...categories].map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={selected === category}
          onClick={() => onSelect(category)}
          className={cn(
            'shrink-0 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
            selected === category
              ? 'border-blue-700 bg-blue-700 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:border-blue-700 hover:text-blue-700',
          )}
        >
          {category}
        </button>
      ))}
    </div>
  );
}

/** The product grid with its loading, error and empty states; the cart is checked against it. */
export function ShopCatalog() {
  const products = useProducts();
  const cart = useCart();
  const [category, setCategory] = useState(ALL);
  const [showAll, setShowAll] = useState(false);
  const firstMore = useRef<HTMLLIElement>(null);
  const { reconcile, ready } = cart;

  useEffect(() => {
    if (products.data && ready) reconcile(products.data);
  }, [products.data, ready, reconcile]);

  if (products.isPending) return <ProductsLoading />;
  if (products.isError) return <ProductsError />;
  if (products.data.length === 0) return <NoProducts />;

  const categories = [...new Set(products.data.map((p) => p.category))];
  const matching = category === ALL ? products.data : products.data.filter((p) => p.category === category);
  const shown = category === ALL && !showAll ? matching.slice(0, FIRST_PAGE) : matching;
  const hidden = matching.length - shown.length;
  const add = (product: Product) => {
    cart.add(product);
    toastAddedToCart(product.name);
  };

  return (
    <div className="flex flex-col gap-6">
      <CategoryFilter categories={categories} selected={category} onSelect={setCategory} />
      <p className="sr-only" aria-live="polite">
        {hidden > 0 ? `${shown.length} of ${matching.length} products` : `${shown.length} products`}
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {shown.map((product, index) => (
          // Cards past the first row are laid out and painted only as they near the screen.
          <li
            key={product.id}
            ref={index === FIRST_PAGE ? firstMore : undefined}
            tabIndex={index === FIRST_PAGE ? -1 : undefined}
            className={cn(
              'flex',
              index >= EAGER_IMAGES &&
                '[contain-intrinsic-size:auto_18rem] [content-visibility:auto] sm:[contain-intrinsic-size:auto_33rem]',
            )}
          >
            <ProductCard product={product} onAdd={add} eager={index < EAGER_IMAGES} first={index === 0} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => {
              setShowAll(true);
              // The first product that appears takes the focus the button had.
              requestAnimationFrame(() => firstMore.current?.focus());
            }}
          >
            {`Show all ${matching.length} products`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
