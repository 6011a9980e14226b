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

/**
 * Whether the area overlaps a primary action that is on screen and can be
 * used: behind an open dialog (its content hidden from assistive tech, as
 * Radix does) a page's buttons do not count.
 */
export function coversPrimaryAction(area: DOMRect, doc: Document = document): boolean {
  for (const element of doc.querySelectorAll<HTMLElement>(SELECTOR)) {
    if (element.closest('[aria-hidden="true"], [inert]')) continue;
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
 * Whether the element's box covers a primary action on screen — for a
 * floating control, measured on a frame that stays put (its fixed place), not
 * on the control while it slides away. Watched with an IntersectionObserver
 * whose root is shrunk to that box: no layout is read as the page scrolls.
 */
export function useCoversPrimaryAction(ref: RefObject<HTMLElement | null>, enabled = true): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const place = ref.current;
    if (!enabled || !place) return;
    const under = new Set<Element>();
    let observer: IntersectionObserver | null = null;
    const report = () => setCovering(under.size > 0);
    const watchAll = () => {
      for (const element of under) if (!element.isConnected) under.delete(element);
      for (const element of document.querySelectorAll(SELECTOR)) observer?.observe(element);
      report();
    };
    const start = () => {
      observer?.disconnect();
      under.clear();
      const box = place.getBoundingClientRect();
      const margin = [box.top, window.innerWidth - box.right, window.innerHeight - box.bottom, box.left]
        .map((inset) => `${-Math.max(0, Math.floor(inset))}px`)
        .join(' ');
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) under.add(entry.target);
            else under.delete(entry.target);
          }
          report();
        },
        { rootMargin: margin },
      );
      watchAll();
    };
    start();
    // Buttons that render later (the page's data, a step of a form) are watched as they appear.
    const mutations = new MutationObserver(watchAll);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', start, { passive: true });
    return () => {
      observer?.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', start);
    };
  }, [ref, enabled]);
  return enabled && covering;
}
