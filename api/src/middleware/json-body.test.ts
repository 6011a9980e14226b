import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app';

const t = setupTestApp();

// The app behind a real listening server, counting the requests it has not finished handling.
let server: http.Server;
let unfinished = 0;
beforeAll(async () => {
  const handle = t.app.callback() as unknown as (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  server = http.createServer((req, res) => {
    unfinished += 1;
    void handle(req, res).finally(() => (unfinished -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the head and the first bytes of a body it declares longer, then goes away. */
async function abandon(encoding: string, body: Buffer): Promise<void> {
  const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Encoding: ${encoding}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, 20));
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

describe('a client that goes away mid-body', () => {
  const json = Buffer.from(JSON.stringify({ username: 'someone', password: 'x'.repeat(5000) }));
  it.each([
    ['identity', json],
    ['gzip', gzipSync(json, { level: 0 })],
    ['deflate', deflateSync(json, { level: 0 })],
    ['br', brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } })],
  ])('(%s) leaves no request waiting for the rest of its body', async (encoding, body) => {
    await abandon(encoding, body);
    await expect.poll(() => unfinished, { timeout: 3000 }).toBe(0);
  });
});
