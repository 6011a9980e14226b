import Router from '@koa/router';
import type { Middleware } from 'koa';

/**
 * The first two segments of a path, lower-cased ("/api/auth" for
 * "/API/auth/user/"): the router matches paths without regard to case.
 */
export function prefixOf(path: string): string {
  const second = path.indexOf('/', 1);
  const third = second === -1 ? -1 : path.indexOf('/', second + 1);
  return (third === -1 ? path : path.slice(0, third)).toLowerCase();
}

// Characters a literal path segment may hold; anything else (":id", "*rest", "{…}", "(…)", "%") is a pattern.
const LITERAL = /^[a-z0-9/._~-]*$/;

/**
 * The router's middleware, dispatching each request only among the routes
 * that can match it: @koa/router tries every route's pattern on every request,
 * over 140 of them here (a tenth of a signed-in request's time, issue 31).
 *
 * A route whose first two segments are literal (`/api/auth/user`) can match
 * only paths that begin with the same two (in any case), so each such prefix
 * gets a router holding its own routes plus every route whose first two
 * segments are a pattern (and every middleware layer), in the order the one router has them. A request
 * walks the router of its prefix, or the routers' patterns alone when no route
 * has that prefix: it matches exactly the routes, in the same order, that the
 * one router would match, and the one router stays what the app mounts and the
 * permission table reads.
 */
export function routesByPrefix(router: Router): Middleware {
  const { routers, others } = partition(router);
  const dispatchers = new Map<string, Middleware>();
  for (const [prefix, part] of routers) dispatchers.set(prefix, part.routes() as Middleware);
  const otherwise = others.routes() as Middleware;
  return function routeByPrefix(ctx, next) {
    return (dispatchers.get(prefixOf(ctx.path)) ?? otherwise)(ctx, next);
  };
}

/** For a request path, the router holding the routes that can match it (what routesByPrefix dispatches to). */
export function prefixRouters(router: Router): (path: string) => Router {
  const { routers, others } = partition(router);
  return (path) => routers.get(prefixOf(path)) ?? others;
}

function partition(router: Router): { routers: Map<string, Router>; others: Router } {
  const patterns: Router['stack'] = [];
  const byPrefix = new Map<string, Router['stack']>();
  for (const layer of router.stack) {
    // Middleware layers (no methods) and prefix layers match more than their path: they go everywhere.
    const whole = typeof layer.path === 'string' && layer.methods.length > 0 && layer.opts.end !== false;
    const prefix = whole ? prefixOf(layer.path as string) : null;
    if (prefix === null || prefix === '' || !LITERAL.test(prefix)) {
      patterns.push(layer);
      for (const layers of byPrefix.values()) layers.push(layer);
      continue;
    }
    let layers = byPrefix.get(prefix);
    if (!layers) byPrefix.set(prefix, (layers = [...patterns]));
    layers.push(layer);
  }
  const routerOf = (layers: Router['stack']): Router => {
    const part = new Router();
    part.stack.push(...layers);
    return part;
  };
  return {
    routers: new Map([...byPrefix].map(([prefix, layers]) => [prefix, routerOf(layers)])),
    others: routerOf(patterns),
  };
}
