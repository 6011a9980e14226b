import { useEffect, useState, type RefObject } from 'react';

/**
 * Buttons a visitor came to press (Add to Cart, Continue to Payment, Pay Now…)
 * carry this attribute; what floats over the page (the chat bubble, toasts)
 * moves out of their way rather than cover them.
 */
export const primaryAction = { 'data-primary-action': '' } as const;

const SELECTOR = '[data-primary-action]';

function intersects(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether the area overlaps a primary action that is on screen. */
export function coversPrimaryAction(area: DOMRect, doc: Document = document): boolean {
  for (const element of doc.querySelectorAll<HTMLElement>(SELECTOR)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0 && intersects(area, rect)) return true;
  }
  return false;
}

/**
 * Re-evaluates `check` whenever what is on screen may have moved (scroll,
 * resize, page changes), at most once per frame, while `enabled`. Returns its
 * last answer. `check` must be cheap: a few getBoundingClientRect calls.
 */
export function useViewportCheck(check: () => boolean, enabled: boolean): boolean {
  const [answer, setAnswer] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setAnswer(check());
      });
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [check, enabled]);
  return enabled && answer;
}

/**
 * Whether the element covers a primary action now. Measure an element that
 * stays put (the floating control's fixed frame), not the control itself
 * while it slides away, or the answer flips back and forth.
 */
export function useCoversPrimaryAction(ref: RefObject<HTMLElement | null>, enabled = true): boolean {
  const [check] = useState(() => () => {
    const element = ref.current;
    return element ? coversPrimaryAction(element.getBoundingClientRect()) : false;
  });
  return useViewportCheck(check, enabled);
}
