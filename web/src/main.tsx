import './styles/app.css';
import { holdEarlyInput } from './app/early-input';

/**
 * The page arrives prerendered and readable. Its code is fetched and run only
 * once the browser has painted it, and in steps (React, the router, the app)
 * with a pause between, so no single long task holds up a tap or a keypress
 * (docs/decisions/149-hydrate-after-first-paint-in-steps.md). A visitor who
 * acts first has the code loaded at once, and what they did played again once
 * the page is hydrated (app/early-input.ts).
 */

/** The longest the code waits for the first paint before it loads anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

/** Resolves once the page has painted: at once in a hidden tab, which does not paint until shown. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (
      document.visibilityState === 'hidden' ||
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint') ||
      performance.getEntriesByName('first-contentful-paint').length > 0
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    // Whatever happens to the paint, the page becomes interactive.
    setTimeout(resolve, PAINT_WAIT_LIMIT_MS);
  });
}

/** A pause that lets the browser handle input and paint before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Starts fetching the page's code: the module preloads the prerenderer left inert in a <template>. */
function preloadPageModules(): void {
  const list = document.getElementById('page-modules');
  if (list instanceof HTMLTemplateElement) document.head.append(list.content.cloneNode(true));
}

/**
 * What the app is built from, loaded one after another: each module graph is evaluated in a task of its own
 * (React, the router, the data layer, then the app's layout and routes).
 */
const steps: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('react-router-dom'),
  () => import('@tanstack/react-query'),
  () => import('./app/router'),
];

async function main(): Promise<void> {
  const root = document.getElementById('root');
  const prerendered = Boolean(root?.firstElementChild);
  const early = root && prerendered ? holdEarlyInput(root) : null;
  if (early) await Promise.race([afterFirstPaint(), early.touched]);
  preloadPageModules();
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const { start } = await import('./app/start');
  await start({ pause: nextTask, onHydrated: () => early?.replay() });
}

void main();
