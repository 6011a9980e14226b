import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildUser, logIn } from '../test/factories';
import { setupTestApp } from '../test/test-app';
import { User } from '../modules/users/user.model';

const t = setupTestApp();

type Answer = { status: number; body: { message?: string } };

/** Posts bytes exactly as given (superagent would serialise a Buffer as JSON). */
function postBytes(path: string, bytes: Buffer, encoding: string): Promise<Answer> {
  return t
    .request()
    .post(path)
    .set('Content-Type', 'application/json')
    .set('Content-Encoding', encoding)
    .serialize((data: Buffer) => data as unknown as string)
    .send(bytes) as unknown as Promise<Answer>;
}

const signup = () => Buffer.from(JSON.stringify({ username: `enc_${Date.now() % 1e9}`, password: 'quiet-harbor-1' }));

describe('request bodies the server cannot decode', () => {
  const cases: [label: string, encoding: string, bytes: () => Buffer, status: number, message: RegExp][] = [
    ['an unknown encoding (zstd)', 'zstd', signup, 415, /Unsupported Content-Encoding/],
    ['two encodings', 'gzip, br', () => brotliCompressSync(gzipSync(signup())), 415, /Unsupported Content-Encoding/],
    ['a corrupt gzip body', 'gzip', () => Buffer.from('not gzip at all'), 400, /not valid gzip data/],
    ['a truncated gzip body', 'gzip', () => gzipSync(signup()).subarray(0, 12), 400, /not valid gzip data/],
    ['a corrupt br body', 'br', () => Buffer.from('not brotli at all'), 400, /not valid br data/],
    ['a corrupt deflate body', 'deflate', () => Buffer.from('not deflate'), 400, /not valid deflate data/],
  ];

  it.each(cases)('%s', async (_label, encoding, bytes, status, message) => {
    const before = await User.query(t.db).resultSize();
    for (const path of ['/api/signup', '/api/login', '/api/contact', '/api/demo-payments/confirm']) {
      const res = await postBytes(path, bytes(), encoding);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await User.query(t.db).resultSize()).toBe(before);
  });

  it('still reads bodies compressed with gzip, deflate or br', async () => {
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const res = await postBytes('/api/signup', compress(signup()), encoding);
      expect(res.status).toBe(201);
    }
  });
});

describe('NUL characters and lone surrogates', () => {
  it('are refused in the login username and password with 400 naming the field', async () => {
    const nul = await t.request().post('/api/login').send({ username: 'ab\u0000cd', password: 'secret1' });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ message: 'username: contains invalid characters' });
    const surrogate = await t.request().post('/api/login').send({ username: 'abcd', password: 'se\ud800cret' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toEqual({ message: 'password: contains invalid characters' });
  });

  it("are refused in the demo payment's client secret and card", async () => {
    const agent = t.agent();
    await logIn(agent, await buildUser(t.db));
    const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    const secret = await agent.post('/api/demo-payments/confirm').send({ clientSecret: 'demo_\u0000', card });
    expect(secret.status).toBe(400);
    expect(secret.body).toEqual({ message: 'clientSecret: contains invalid characters' });
    const nested = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: 'demo_x', card: { ...card, cvc: '\udc00' } });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual({ message: 'card.cvc: contains invalid characters' });
  });

  it('are refused in keys, array items and every write endpoint', async () => {
    const bodies: [string, object, string][] = [
      ['/api/signup', { username: 'abcd', password: 'secret1', ['x\u0000']: 1 }, 'x\\u0000'],
      ['/api/contact', { name: 'A', email: 'a@example.com', message: 'hi\ud83d' }, 'message'],
      [
        '/api/create-payment-intent',
        { items: [{ productId: 'p', quantity: 1 }, { productId: '\u0000' }] },
        'items.1.productId',
      ],
      ['/api/chat/conversations', { visitorName: 'Zoë\u0000' }, 'visitorName'],
      ['/api/stripe/webhook', { id: 'evt_\u0000' }, 'id'],
    ];
    for (const [path, body, field] of bodies) {
      const res = await t.request().post(path).send(body);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ message: `${field}: contains invalid characters` });
    }
  });

  it('are refused in query strings and path parameters', async () => {
    const urls: [string, string][] = [
      ['/api/admin/contact-messages?page=1%00', 'query.page'],
      ['/api/chat/conversations?status=%00active', 'query.status'],
      ['/api/chat/conversations/%00', 'path'],
      ['/api/orders/abc%00def', 'path'],
    ];
    for (const [url, where] of urls) {
      const res = await t.request().get(url);
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ message: `${where}: contains invalid characters` });
    }
    const patch = await t.request().patch('/api/chat/conversations/%00/close').send({});
    expect(patch.status).toBe(400);
  });

  it('leaves other text alone: emoji pairs, accents, and malformed escapes the routes judge', async () => {
    const res = await t.request().post('/api/login').send({ username: 'zoë🚀', password: 'secret1' });
    expect(res.status).toBe(401);
    const malformed = await t.request().get('/api/chat/conversations/%E0%A4');
    expect(malformed.status).toBe(404);
  });
});
