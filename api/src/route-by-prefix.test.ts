import { describe, expect, it } from 'vitest';
import { appRouter } from './app';
import { prefixRouters } from './route-by-prefix';
import { setupTestApp } from './test/test-app';

const t = setupTestApp();

/** Paths a route pattern matches: optional groups left out and put in, parameters filled in. */
function samplesOf(pattern: string): string[] {
  const fill = (path: string) => path.replace(/:[A-Za-z_$][\w$]*/g, 'x1').replace(/\*[A-Za-z_$][\w$]*/g, 'a/b');
  const without = pattern.replace(/\{[^}]*\}/g, '');
  const within = pattern.replace(/\{([^}]*)\}/g, '$1');
  return [...new Set([fill(without), fill(within)])].flatMap((path) => [path, `${path}/`, path.toUpperCase()]);
}

describe("the app's routes dispatched by prefix", () => {
  it('match every route of the app exactly as the one router does', () => {
    const router = appRouter(t.app);
    const routerFor = prefixRouters(router);
    let checked = 0;
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') continue;
      for (const path of samplesOf(layer.path)) {
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
          const whole = router.match(path, method);
          const part = routerFor(path).match(path, method);
          expect(part.route, `${method} ${path}`).toBe(whole.route);
          expect(part.path.length, `${method} ${path}`).toBe(whole.path.length);
          part.path.forEach((matched, i) => expect(matched, `${method} ${path}`).toBe(whole.path[i]));
          part.pathAndMethod.forEach((matched, i) => expect(matched, `${method} ${path}`).toBe(whole.pathAndMethod[i]));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The point of it: the signed-in user's route is found among a handful, not among every route.
    expect(routerFor('/api/auth/user').stack.length).toBeLessThan(20);
    expect(router.stack.length).toBeGreaterThan(100);
  });
});
