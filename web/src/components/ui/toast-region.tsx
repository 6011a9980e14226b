import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { coversPrimaryAction, useViewportCheck } from '@/lib/primary-actions';
import { dismissToast, TOAST_DURATION, useToasts } from '@/lib/toast';

/**
 * Toasts sit at the bottom of the screen (bottom-right from small screens up),
 * unless there they would cover a primary action on screen (Add to Cart,
 * Continue to Payment…) and the top is clear: then at the top, just below the
 * sticky header (4rem), whose cart button stays in reach.
 */
/** The sticky header's height (h-16): a toast placed at the top goes below it. */
const HEADER_HEIGHT = 64;

function useTopPlacement(viewport: React.RefObject<HTMLOListElement | null>, showing: boolean): boolean {
  const [check] = useState(() => () => {
    const element = viewport.current;
    if (!element) return false;
    const { x, width, height } = element.getBoundingClientRect();
    const bottom = new DOMRect(x, window.innerHeight - height, width, height);
    const top = new DOMRect(x, HEADER_HEIGHT, width, height);
    return coversPrimaryAction(bottom) && !coversPrimaryAction(top);
  });
  return useViewportCheck(check, showing);
}

/**
 * Spec §9: one toast at a time, shown 5 s, swipe right (50 px) to dismiss,
 * F8 focuses the region, at most 420 px wide from medium screens up.
 */
export function ToastRegion() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const top = useTopPlacement(
    viewport,
    toasts.some((t) => t.open),
  );
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-toast-out',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        data-placement={top ? 'top' : 'bottom'}
        className={cn(
          'fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-3 sm:p-4 md:max-w-[420px]',
          top ? 'top-16' : 'bottom-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
