import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ShoppingCart, X } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { OrderTotals } from '@/components/commerce/order-totals';
import { Button, ButtonLink } from '@/components/ui/button';
import { primaryAction } from '@/lib/primary-actions';
import { useCart } from '../cart/cart-provider';
import { CartLines } from './cart-lines';
import { QuoteRequestForm } from './quote-request-form';

/** The cart from the header: lines with quantities, totals, and Checkout. */
export function CartDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const empty = cart.items.length === 0;
  const [requesting, setRequesting] = useState(false);
  const checkout = () => {
    onOpenChange(false);
    navigate('/checkout');
  };
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setRequesting(false);
        onOpenChange(next);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
              Your Cart{empty ? '' : ` (${cart.count})`}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close cart"
              className="cursor-pointer rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          {empty ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <ShoppingCart className="h-10 w-10 text-slate-400" aria-hidden="true" />
              <p className="font-semibold text-slate-900">Your cart is empty</p>
              <p className="text-sm text-slate-600">
                Switches, access points, cameras and more — the hardware our engineers install.
              </p>
              <ButtonLink to="/shop" onClick={() => onOpenChange(false)}>
                Browse the Shop
              </ButtonLink>
            </div>
          ) : requesting ? (
            <div className="flex-1 overflow-y-auto px-5 py-4">
              <QuoteRequestForm items={cart.items} onCancel={() => setRequesting(false)} />
            </div>
          ) : (
            <>
              <div className="flex-1 overflow-y-auto px-5 py-4">
                <CartLines lines={cart.items} onQuantity={cart.setQuantity} onRemove={cart.remove} />
              </div>
              <div className="flex flex-col gap-4 border-t border-slate-200 px-5 py-4">
                <OrderTotals totals={cart.totals} />
                {cart.hasUnavailable ? (
                  <p className="text-sm font-medium text-red-700">
                    Remove the items that can no longer be ordered to check out.
                  </p>
                ) : null}
                <Button size="lg" onClick={checkout} disabled={cart.hasUnavailable} {...primaryAction}>
                  Checkout
                </Button>
                <Button variant="outline" onClick={() => setRequesting(true)}>
                  Request a quote instead
                </Button>
                <Button variant="ghost" onClick={() => onOpenChange(false)}>
                  Continue Shopping
                </Button>
              </div>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
