import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { chatActors, useChatServers } from './test/chat';

// Short timeouts so the test sees them act; production's defaults are 20 s / 30 s / 65 s.
const http = { headersTimeoutMs: 1_500, requestTimeoutMs: 4_000, keepAliveTimeoutMs: 2_500 };
const servers = useChatServers(1, {}, { http });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw TCP client: what it received, and when the server closed it. */
async function connect() {
  const port = Number(new URL(servers.url()).port);
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  return {
    socket,
    closed,
    get isClosed() {
      return isClosed;
    },
    received: () => received,
    /** Sends text a few bytes at a time, `pauseMs` apart. */
    async trickle(text: string, chunks: number, pauseMs: number) {
      const size = Math.ceil(text.length / chunks);
      for (let i = 0; i < text.length; i += size) {
        socket.write(text.slice(i, i + size));
        await sleep(pauseMs);
      }
    },
    async waitFor(pattern: RegExp, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(received)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms; got: ${received}`);
        await sleep(20);
      }
    },
  };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe('slow and silent clients', () => {
  it('closes a connection that never sends a byte, while other clients are served', async () => {
    const silent = await connect();
    await sleep(200);
    const other = await connect();
    other.socket.write(get('/healthz'));
    await other.waitFor(/"status":"ok"/);
    other.socket.destroy();
    const after = await Promise.race([silent.closed, sleep(10_000).then(() => -1)]);
    expect(after).toBeGreaterThanOrEqual(http.headersTimeoutMs - 50);
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a client that starts headers and stalls', async () => {
    const client = await connect();
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await client.waitFor(/^HTTP\/1\.1 408 /, 10_000);
    expect(await client.closed).toBeGreaterThan(0);
  });

  it('serves a slow but steady client, and keeps its connection between requests', async () => {
    const client = await connect();
    // The headers arrive over about a second, within the headers timeout.
    await client.trickle(get('/healthz'), 10, 100);
    await client.waitFor(/HTTP\/1\.1 200 OK[\s\S]*"status":"ok"/);
    // A pause shorter than the keep-alive timeout, then a second request on the same connection.
    await sleep(http.keepAliveTimeoutMs - 1_000);
    expect(client.isClosed).toBe(false);
    client.socket.write(get('/api/auth/session'));
    await client.waitFor(/"user":null/);
    // Idle past the keep-alive timeout: closed.
    expect(await client.closed).toBeGreaterThan(0);
  });

  it('accepts a body uploaded slowly within the request timeout', async () => {
    const client = await connect();
    const body = JSON.stringify({ username: 'slow_uploader', password: 'not-the-password' });
    client.socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await client.trickle(body, 8, 250);
    await client.waitFor(/^HTTP\/1\.1 401 [\s\S]*Invalid username or password/);
    client.socket.destroy();
  });

  it('leaves an open chat WebSocket alone past every HTTP timeout', async () => {
    const visitor = await chatActors(servers).visitor();
    await sleep(http.requestTimeoutMs + 500);
    const history = await visitor.socket.join(visitor.id);
    expect(history.conversation.id).toBe(visitor.id);
    visitor.socket.close();
  });
});
