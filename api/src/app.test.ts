import { describe, expect, it } from 'vitest';
import { setupTestApp } from './test/test-app';
import { User } from './modules/users/user.model';

const t = setupTestApp();

describe('HTTP basics', () => {
  it('GET /healthz checks the database and the outbox (the app alone runs no mail worker: not reported)', async () => {
    const res = await t.request().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: 'ok',
      problems: [],
      outbox: { pending: 0, oldestPendingSeconds: null },
    });
  });

  it('gives API answers the minimal API policy', async () => {
    const res = await t.request().get('/api/auth/user');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives /api itself the API policy, not the page one', async () => {
    const res = await t.request().get('/api');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('gives pages a CSP that allows Stripe.js and nothing else external', async () => {
    const res = await t.request().get('/some/page');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('lets product pictures, and nothing else of the site, be shown from another origin (the desktop console)', async () => {
    const picture = await t.request().get('/products/switch.svg');
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(picture.headers['content-security-policy']).toContain("default-src 'self'");
    for (const path of ['/', '/shop', '/productsx/switch.svg', '/assets/index.js']) {
      const res = await t.request().get(path);
      expect(res.headers['cross-origin-resource-policy'], path).toBe('same-origin');
    }
  });

  it('keeps a sane incoming request id and replaces others', async () => {
    expect((await t.request().get('/healthz').set('X-Request-Id', 'lb-123')).headers['x-request-id']).toBe('lb-123');
    expect(
      (await t.request().get('/healthz').set('X-Request-Id', 'bad id <script>')).headers['x-request-id'],
    ).not.toContain('<');
  });

  it('answers unknown API paths and methods with JSON', async () => {
    const missing = await t.request().get('/api/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    const wrongMethod = await t.request().delete('/api/auth/user');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual({ message: 'Method Not Allowed' });
  });
});

describe('cross-site requests', () => {
  it('refuses state-changing requests from a foreign Origin with 403', async () => {
    const res = await t
      .request()
      .post('/api/signup')
      .set('Origin', 'https://evil.example')
      .send({ username: 'mallory', password: 'quiet-harbor-1' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused' });
    expect(await User.query(t.db).where({ username: 'mallory' })).toHaveLength(0);
  });

  it('refuses a browser request marked cross-site even without Origin', async () => {
    const res = await t.request().post('/api/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
  });

  it('accepts our own origin and same-host requests', async () => {
    const own = await t.request().post('/api/logout').set('Origin', t.deps.config.publicUrl);
    expect(own.status).toBe(204);
    const sameHost = await t
      .request()
      .post('/api/logout')
      .set('Host', '127.0.0.1:4000')
      .set('Origin', 'http://127.0.0.1:4000');
    expect(sameHost.status).toBe(204);
  });
});

describe('bad input never causes a 5xx and changes nothing', () => {
  const cases: [
    string,
    (r: ReturnType<typeof t.request>) => Promise<{ status: number; body: { message?: string } }>,
    number,
  ][] = [
    [
      'malformed JSON',
      (r) => r.post('/api/signup').set('Content-Type', 'application/json').send('{"username": "abc",'),
      400,
    ],
    ['a JSON array', (r) => r.post('/api/signup').send([1, 2, 3]), 400],
    ['a JSON string', (r) => r.post('/api/signup').set('Content-Type', 'application/json').send('"hello"'), 400],
    ['form encoding', (r) => r.post('/api/signup').type('form').send('username=abcd&password=secret1'), 415],
    ['plain text', (r) => r.post('/api/login').set('Content-Type', 'text/plain').send('hi'), 415],
    ['wrong types', (r) => r.post('/api/signup').send({ username: 123, password: ['a'] }), 400],
    ['null fields', (r) => r.post('/api/signup').send({ username: null, password: null }), 400],
    [
      'unknown fields',
      (r) => r.post('/api/signup').send({ username: 'abcd', password: 'quiet-harbor-1', isAdmin: true }),
      400,
    ],
    [
      'a huge string',
      (r) => r.post('/api/signup').send({ username: 'a'.repeat(90_000), password: 'quiet-harbor-1' }),
      400,
    ],
    ['a body over 100 KB', (r) => r.post('/api/signup').send({ username: 'abcd', password: 'x'.repeat(200_000) }), 413],
    [
      'a NUL character',
      (r) => r.post('/api/signup').send({ username: 'abcd', password: 'quiet-harbor-1', firstName: 'A\u0000B' }),
      400,
    ],
    [
      'control characters',
      (r) => r.post('/api/signup').send({ username: 'abcd', password: 'quiet-harbor-1', lastName: 'A\u001bB' }),
      400,
    ],
    [
      'a lone surrogate',
      (r) => r.post('/api/signup').send({ username: 'ab\ud800cd', password: 'quiet-harbor-1' }),
      400,
    ],
    [
      'a password over the cap',
      (r) => r.post('/api/login').send({ username: 'abcd', password: 'p'.repeat(5000) }),
      400,
    ],
    ['a deep object', (r) => r.post('/api/login').send({ username: { $gt: '' }, password: { $ne: null } }), 400],
  ];

  it.each(cases)('%s', async (_label, send, status) => {
    const before = await User.query(t.db).resultSize();
    const res = await send(t.request());
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+|select |insert /i);
    expect(await User.query(t.db).resultSize()).toBe(before);
  });

  it('stores emoji and accented names as typed', async () => {
    const res = await t
      .request()
      .post('/api/signup')
      .send({ username: 'zoe-u', password: 'quiet-harbor-1', firstName: 'Zoë 🚀', lastName: '山田' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Zoë 🚀', lastName: '山田' });
  });
});
