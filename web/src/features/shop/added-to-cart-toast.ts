import { toast } from '@/lib/toast';

let shown: { dismiss: () => void } | null = null;

/** The spec's "Added to Cart" toast for a product just put in the cart. */
export function toastAddedToCart(productName: string): void {
  shown = toast({ title: 'Added to Cart', description: `${productName} has been added to your cart.` });
}

/**
 * Opening the cart shows what that toast says, so it goes: left up, it covered the drawer's first line on a phone,
 * where the drawer takes the whole screen (issue 29).
 */
export function dismissAddedToCart(): void {
  shown?.dismiss();
  shown = null;
}
