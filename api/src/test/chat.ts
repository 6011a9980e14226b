import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import WebSocket from 'ws';
import { serverFrameSchema, type ServerFrame, type ServerFrameOf } from '@shared/schemas/chat-frames';
import type { Config } from '../config';
import type { ChatServerOptions } from '../modules/chat/socket/server';
import { buildUser, completeTestLogin, type BuiltUser } from './factories';
import { useApiServers, type ApiServers } from './servers';

/**
 * `count` real API instances (HTTP + chat socket) on one fresh database, for
 * one test file: what production runs behind a load balancer.
 */
export function useChatServers(count = 1, chat: ChatServerOptions = {}, overrides: Partial<Config> = {}): ApiServers {
  return useApiServers(count, { chat, configure: () => overrides });
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A visitor who started a chat through the API: the conversation id and their session cookie. */
export async function startVisitorChat(
  baseUrl: string,
  body: Record<string, unknown> = { visitorName: 'Ada Visitor', visitorEmail: 'ada@example.com' },
  cookie = '',
): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/chat/conversations`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`starting a chat failed with ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, cookie: cookieOf(res) || cookie };
}

/** A logged-in account's session cookie (through the second step for an account with two-factor sign-in). */
export async function loginCookie(
  baseUrl: string,
  built: Pick<BuiltUser, 'username' | 'password' | 'totpSecret'>,
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: built.username, password: built.password }),
  });
  if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
  let cookie = cookieOf(res);
  await completeTestLogin(built, (await res.json()) as { twoFactorRequired?: unknown }, async (code) => {
    const second = await fetch(`${baseUrl}/api/login/2fa`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ code }),
    });
    cookie = cookieOf(second);
    return second;
  });
  return cookie;
}

export async function staffCookie(db: Knex, baseUrl: string): Promise<string> {
  return loginCookie(baseUrl, await buildUser(db, { accountType: 'staff' }));
}

/** The usual cast of a chat test, on the first instance: a visitor with a socket, a staff socket, stored rows. */
export function chatActors(servers: ApiServers) {
  const url = () => servers.url();
  return {
    async visitor(name = 'Ada Visitor') {
      const chat = await startVisitorChat(url(), { visitorName: name, visitorEmail: null });
      const socket = await TestSocket.open(url(), { cookie: chat.cookie });
      return { ...chat, socket };
    },
    async staff() {
      return TestSocket.open(url(), { cookie: await staffCookie(servers.db, url()) });
    },
    storedMessages(conversationId: string) {
      return servers.db('chat_messages').where({ conversationId }).orderBy('seq');
    },
  };
}

/** A real WebSocket client that records every frame the server sends. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(serverFrameSchema.parse(JSON.parse(data.toString())));
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Opens a socket to /ws/chat; rejects with the HTTP status when the upgrade is refused. */
  static open(
    baseUrl: string,
    options: {
      cookie?: string;
      authorization?: string;
      origin?: string;
      path?: string;
      autoPong?: boolean;
      /** The client's address as a proxy reports it (the test servers trust X-Forwarded-For). */
      forwardedFor?: string;
    } = {},
  ): Promise<TestSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}${options.path ?? '/ws/chat'}`;
    const headers: Record<string, string> = {};
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.authorization) headers.Authorization = options.authorization;
    if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor;
    const ws = new WebSocket(url, {
      headers,
      autoPong: options.autoPong ?? true,
      ...(options.origin ? { origin: options.origin } : {}),
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('unexpected-response', (_req, res) => {
        reject(new Error(`upgrade refused: ${res.statusCode}`));
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next not-yet-taken frame of this type (matching `where`), waiting up to `timeoutMs`. */
  async next<T extends ServerFrame['type']>(
    type: T,
    where: (frame: ServerFrameOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<ServerFrameOf<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex((f) => f.type === type && where(f as ServerFrameOf<T>));
      if (index >= 0) return this.frames.splice(index, 1)[0] as ServerFrameOf<T>;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no ${type} frame within ${timeoutMs} ms; have: ${JSON.stringify(this.frames).slice(0, 800)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Frames of a type received so far and not taken. */
  pending<T extends ServerFrame['type']>(type: T): ServerFrameOf<T>[] {
    return this.frames.filter((f) => f.type === type) as ServerFrameOf<T>[];
  }

  /** Joins and returns the history frame. */
  async join(conversationId: string, options: { isAdmin?: boolean; afterId?: string } = {}) {
    this.send({ type: 'join', conversationId, isAdmin: options.isAdmin ?? false, afterId: options.afterId });
    return this.next('history', (frame) => frame.conversation.id === conversationId);
  }

  close(): void {
    this.ws.close();
  }
}

/** Resolves when `check` passes, polling; fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
