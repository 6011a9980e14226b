import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { primaryAction } from '@/lib/primary-actions';
import { dismissAddedToCart } from '../added-to-cart-toast';
import { useCart } from '../cart/cart-provider';

// The drawer (and the dialog code under it) is its own chunk, fetched when the cart is first opened or hovered.
const loadDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(async () => ({ default: (await loadDrawer()).CartDrawer }));

/**
 * The header's cart on every page: a live count (kept in this browser, so it
 * is 0 in the prerendered HTML and fills in after hydration) that opens the
 * cart drawer.
 */
export function HeaderCart() {
  const { count } = useCart();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const show = (next: boolean) => {
    if (next) {
      setLoaded(true);
      dismissAddedToCart();
    }
    setOpen(next);
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-label={`Open cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        onClick={() => show(true)}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        {...primaryAction}
        className="relative flex h-10 w-10 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <ShoppingCart className="h-5 w-5" aria-hidden="true" />
        <span
          aria-hidden="true"
          className={
            count > 0
              ? 'absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-blue-700 px-1 text-[11px] font-bold tabular-nums text-white'
              : 'hidden'
          }
        >
          {count > 99 ? '99+' : count}
        </span>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={show} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
