import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { prefixOf, prefixRouters } from './route-by-prefix';

const noop = () => undefined;

/** The same match the one router makes: the same layers (by identity), in the same order. */
function expectSameMatch(router: Router, path: string, method: string): void {
  const whole = router.match(path, method);
  const part = prefixRouters(router)(path).match(path, method);
  expect(part.route, `${method} ${path}`).toBe(whole.route);
  expect(part.path, `${method} ${path}`).toEqual(whole.path);
  expect(part.pathAndMethod.length, `${method} ${path}`).toBe(whole.pathAndMethod.length);
  part.pathAndMethod.forEach((layer, i) => expect(layer).toBe(whole.pathAndMethod[i]));
}

function sampleRouter(): Router {
  const router = new Router();
  const auth = new Router();
  auth.get('/api/auth/user', noop);
  auth.patch('/api/auth/user', noop);
  auth.get('/api/auth/session', noop);
  const orders = new Router();
  orders.get('/api/orders', noop);
  orders.get('/api/orders/:id', noop);
  orders.post('/api/orders/:id/cancel', noop);
  const patterns = new Router();
  patterns.get('/api/:kind/count', noop);
  patterns.get('/api/Files{/:name}', noop);
  patterns.get('/api/x%20y', noop);
  const late = new Router();
  late.get('/api/auth/late', noop);
  late.use(noop);
  late.get('/healthz', noop);
  for (const part of [auth, orders, patterns, late]) router.use(part.routes());
  return router;
}

describe('routes by prefix', () => {
  it('takes the first two segments, in lower case', () => {
    expect(prefixOf('/api/auth/user')).toBe('/api/auth');
    expect(prefixOf('/API/Auth/')).toBe('/api/auth');
    expect(prefixOf('/api/auth')).toBe('/api/auth');
    expect(prefixOf('/api')).toBe('/api');
    expect(prefixOf('/')).toBe('/');
  });

  it('matches exactly what the one router matches, in the same order', () => {
    const router = sampleRouter();
    const paths = [
      '/api/auth/user',
      '/api/auth/user/',
      '/API/AUTH/USER',
      '/api/auth/session',
      '/api/auth/late',
      '/api/auth/count',
      '/api/orders',
      '/api/orders/',
      '/api/orders/42',
      '/api/orders/42/cancel',
      '/api/orders/count',
      '/api/files',
      '/api/files/a.pdf',
      '/api/x%20y',
      '/api/nothing/count',
      '/api/nothing',
      '/api//auth/user',
      '/api',
      '/',
      '/healthz',
      '/shop',
    ];
    for (const path of paths)
      for (const method of ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']) {
        expectSameMatch(router, path, method);
      }
  });

  it('walks only the routes of the prefix, and the patterns and middleware that may match anything', () => {
    const router = sampleRouter();
    const paths = (path: string) => prefixRouters(router)(path).stack.map((layer) => String(layer.path));
    expect(paths('/api/auth/user')).toEqual([
      '/api/auth/user',
      '/api/auth/user',
      '/api/auth/session',
      '/api/:kind/count',
      '/api/Files{/:name}',
      '/api/x%20y',
      '/api/auth/late',
      '(?:\\/|$)',
    ]);
    expect(paths('/api/unknown/thing')).toEqual(['/api/:kind/count', '/api/Files{/:name}', '/api/x%20y', '(?:\\/|$)']);
    expect(router.stack.length).toBe(12);
  });
});
