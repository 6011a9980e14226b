import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CheckoutResponse, Shipping } from '@shared/schemas/orders';
import { ApiError } from '@/lib/api-client';
import { redirectToLogin } from '@/lib/login-redirect';
import { toast } from '@/lib/toast';
import { useCreateOrderPayment } from '../../api/create-order-payment';
import { productsQueryKey } from '../../api/get-products';
import type { CartItem } from '../../cart/cart-store';
import type { ShippingRefused } from './shipping-form';

/** A random UUID v4; crypto.randomUUID exists only on https pages (and localhost), getRandomValues everywhere. */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same cart and address give the same order: editing nothing and continuing reuses it. */
function orderKey(items: readonly CartItem[], shipping: Shipping): string {
  return JSON.stringify([items.map((item) => [item.id, item.quantity]), shipping]);
}

/**
 * Shipping → Payment: the server prices and writes the order for the cart and the address, and answers with what
 * the payment step needs. Continuing again with nothing edited reuses the order already placed.
 */
export function usePlaceOrder(items: readonly CartItem[], onPlaced: () => void) {
  const createPayment = useCreateOrderPayment();
  const queryClient = useQueryClient();
  const [placed, setPlaced] = useState<{ key: string; response: CheckoutResponse } | null>(null);
  // One key per checkout: sending again (a double click, an answer that never came, shipping edited) reuses the
  // attempt's pending order on the server instead of making another (decision 102).
  const [attemptKey] = useState(newAttemptKey);

  const place = (shipping: Shipping, refused: ShippingRefused) => {
    const key = orderKey(items, shipping);
    if (placed?.key === key) {
      onPlaced();
      return;
    }
    const lines = items.map(({ id, quantity }) => ({ id, quantity }));
    createPayment.mutate(
      { items: lines, shipping, attemptKey },
      {
        onSuccess: (response) => {
          if (!response.clientSecret) {
            toast({
              title: 'Error',
              description: 'Failed to initialize payment. Please try again.',
              variant: 'destructive',
            });
            return;
          }
          setPlaced({ key, response });
          onPlaced();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            redirectToLogin('/checkout', 'Please log in to complete your purchase.');
            return;
          }
          // A refused address field is said under it; anything else in the toast.
          const message = refused(error, 'Failed to initialize payment. Please try again.');
          if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
          // Stock or prices may have changed: check the cart against the catalogue again.
          void queryClient.invalidateQueries({ queryKey: productsQueryKey });
        },
      },
    );
  };

  return { place, placed: placed?.response ?? null, placing: createPayment.isPending };
}
