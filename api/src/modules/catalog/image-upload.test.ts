import net from 'node:net';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/database';
import { buildProduct } from '../../test/commerce-factories';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { buildUser, completeTestLogin } from '../../test/factories';
import { freePort } from '../../test/global-setup';
import { spawnEntry, type SpawnedEntry } from '../../test/spawn-entry';

// The real server process (api/src/main.ts): an unhandled stream 'error' there ends the process, as in production.
let database: TestDatabase;
let db: Knex;
let server: SpawnedEntry;
let port: number;
let cookie: string;
let path: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDatabase(database.url, { poolMax: 2 });
  port = await freePort();
  server = spawnEntry('api/src/main.ts', {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url,
    DATA_DIR: `/tmp/northstar-upload-test-${process.pid}`,
    SESSION_SECRET: 'upload-test-session-secret-0123456789abcdef',
    ADMIN_TOKEN: 'upload-test-admin-token',
  });
  await server.waitFor(/"msg":"server listening"/);
  const sessionSecret = 'upload-test-session-secret-0123456789abcdef';
  const staff = await buildUser(db, { accountType: 'staff', serverSecret: sessionSecret });
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: staff.username, password: staff.password }),
  });
  expect(login.status).toBe(200);
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  cookie = cookieOf(login);
  // An admin: the second step of the login, with a code (decision 169).
  await completeTestLogin(staff, (await login.json()) as { twoFactorRequired?: unknown }, async (code) => {
    const second = await fetch(`http://127.0.0.1:${port}/api/login/2fa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ code }),
    });
    cookie = cookieOf(second);
    return second;
  });
  path = `/api/admin/products/${(await buildProduct(db)).id}/image`;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await database?.drop();
});

interface RawAnswer {
  status: number;
  body: string;
}

/** One request written byte for byte on its own connection; `cut` closes the connection after sending it. */
function rawPost(headers: Record<string, string>, body: Buffer | string, cut = false): Promise<RawAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    let connected = false;
    socket.on('connect', () => (connected = true));
    // A cut connection may end in a reset; a refused one means the server is gone.
    socket.on('error', (err) => (cut && connected ? resolve(null) : reject(err)));
    socket.on('close', () => {
      if (cut) return resolve(null);
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: rest.join('\r\n\r\n') });
    });
    const lines = Object.entries({ Host: `127.0.0.1:${port}`, Cookie: cookie, Connection: 'close', ...headers });
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`);
    socket.write(body);
    if (cut) setTimeout(() => socket.destroy(), 200);
  });
}

const form = (boundary = 'B') => `multipart/form-data; boundary=${boundary}`;
const filePart = (field: string, content: string) =>
  `--B\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${content}`;

/** Multipart bodies that are malformed or end too soon, with the Content-Type they are sent with. */
const malformed: [string, string, string | Buffer][] = [
  ['ends inside the file, without the closing boundary', form(), filePart('image', 'AAAA')],
  ['ends inside a skipped file', form(), filePart('photo', 'AAAA')],
  ['ends inside a text field', form(), '--B\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello'],
  ['ends inside a part header', form(), '--B\r\nContent-Disposition: form-data; name="image"; filen'],
  ['ends right after the first boundary', form(), '--B\r\n'],
  ['ends inside a second part', form(), `${filePart('image', 'AAAA')}\r\n${filePart('photo', 'BB')}`],
  ['ends inside a second image', form(), `${filePart('image', 'AAAA')}\r\n${filePart('image', 'BB')}`],
  ['has a part header without a colon', form(), '--B\r\nnot a header\r\n\r\nAAAA\r\n--B--\r\n'],
  ['has a part header past the size limit', form(), `--B\r\nX-Long: ${'a'.repeat(40_000)}\r\n\r\nAAAA\r\n--B--\r\n`],
  ['has no Content-Disposition', form(), '--B\r\nContent-Type: image/png\r\n\r\nAAAA\r\n--B--\r\n'],
  ['uses another boundary than its header', form(), '--C\r\nContent-Disposition: form-data; name="image"\r\n\r\nA'],
  ['is only a preamble', form(), 'hello'],
  ['is only the closing boundary', form(), '--B--\r\n'],
  ['is empty', form(), ''],
  ['is binary noise', form(), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  ['has an empty boundary', form(''), filePart('image', 'AAAA')],
  ['has an unterminated quoted boundary', form('"B'), filePart('image', 'AAAA')],
  ['has a boundary past 70 characters', form('B'.repeat(200)), `--${'B'.repeat(200)}\r\nContent-Dis`],
];

describe('a malformed multipart upload is a 400 and the server keeps serving', { timeout: 60_000 }, () => {
  it.each(malformed)('when the form %s', async (_shape, contentType, body) => {
    const bytes = Buffer.from(body);
    const answer = await rawPost({ 'Content-Type': contentType, 'Content-Length': String(bytes.length) }, bytes);
    expect(answer?.status, answer?.body).toBe(400);
    expect(JSON.parse(answer!.body)).toEqual({ message: expect.stringMatching(/^image: /) });
  });

  it('when a file past the size limit is cut off (413)', async () => {
    const body = Buffer.from(filePart('image', 'A'.repeat(5 * 1024 * 1024 + 10)));
    const answer = await rawPost({ 'Content-Type': form(), 'Content-Length': String(body.length) }, body);
    expect(answer?.status).toBe(413);
  });

  it('when the client goes away mid-body, declared by length or in chunks', async () => {
    const part = filePart('image', 'AAAA');
    expect(await rawPost({ 'Content-Type': form(), 'Content-Length': '100000' }, part, true)).toBeNull();
    const chunked = `${part.length.toString(16)}\r\n${part}\r\n`;
    expect(await rawPost({ 'Content-Type': form(), 'Transfer-Encoding': 'chunked' }, chunked, true)).toBeNull();
    expect(await rawPost({ 'Content-Type': 'image/png', 'Content-Length': '100000' }, 'AAAA', true)).toBeNull();
  });

  it('is still running afterwards, changed nothing, and takes a well-formed upload', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(server.stderr()).not.toMatch(/Unexpected end of form|Unhandled|uncaught/i);
    expect(server.stdout()).not.toContain('unhandled error');
    const productId = path.split('/')[4];
    expect((await db('products').where({ id: productId }).first()).imageUrl).toBeNull();

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const body = Buffer.concat([Buffer.from(filePart('image', '')), png, Buffer.from('\r\n--B--\r\n')]);
    const answer = await rawPost({ 'Content-Type': form(), 'Content-Length': String(body.length) }, body);
    expect(answer?.status, answer?.body).toBe(200);
    expect(JSON.parse(answer!.body).imageUrl).toMatch(/^\/api\/product-images\/[0-9a-f]{64}\.webp$/);
  });
});
