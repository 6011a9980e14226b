import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from '@/lib/toast';

// The toast region (Radix Toast, ~20 KB) is not needed to paint or hydrate a page: it loads once the
// page is idle, or at once when a toast is shown before that.
const ToastRegion = lazy(async () => ({ default: (await import('./toast-region')).ToastRegion }));

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1000);
  return () => window.clearTimeout(id);
}

/** The app's toasts (spec §9: one at a time, 5 s, swipe right, F8 focuses the region). */
export function Toaster() {
  const queued = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !queued) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
