/**
 * `npm run bench:inbound`: client replies by email through the built-in SMTP receiver, on the production build.
 *
 * BENCH_INBOUND_MAILS tickets (default 2,000), each waiting on its client with a reply token for them; then one
 * emailed reply per ticket to `reply+<token>@…`, sent over real SMTP by BENCH_INBOUND_CONNECTIONS senders at once
 * (default 8), each retrying a refused or cut-off delivery as a mail server does. Two runs:
 *  - steady: mails/s from the first to the last accepted, and p50/p99 from accepted (the 250) to visible in the
 *    console (the staff event a logged-in console hears);
 *  - restart: the same, with the server stopped (SIGTERM) and started again once mid-run.
 * Each run then counts the replies in the database: every ticket must have exactly one — 0 lost, 0 duplicated (a
 * delivery retried after the server had taken it is the same Message-ID, stored once).
 * Exits non-zero when a reply is lost or duplicated.
 */
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { createTransport } from 'nodemailer';
import { freePort } from '../api/src/test/global-setup';
import { buildUser } from '../api/src/test/factories';
import { loginCookie, TestSocket } from '../api/src/test/chat';
import { knexSnakeCaseMappers } from 'objection';
import { freshDatabase, inBatches, percentile } from './chat-support';
import { recordFigure } from './figures';
import { ensureBuild, machine, startProductionServer, type BenchServer } from './support';

const MAILS = Number(process.env.BENCH_INBOUND_MAILS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_INBOUND_CONNECTIONS ?? 8);
const DOMAIN = 'reply.bench.example';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Reply {
  ticketId: string;
  token: string;
  messageId: string;
  acceptedAt?: number;
  visibleAt?: number;
}

async function seedTickets(db: Knex, count: number, run: string): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const rows = (await db('tickets')
      .insert(
        Array.from({ length: size }, (_, i) => ({
          name: `Client ${run}-${start + i}`,
          email: `client${start + i}.${run}@bench.example.com`,
          service: 'Field IT Services',
          message: 'Printer offline.',
          status: 'waiting_on_client',
        })),
      )
      .returning(['id', 'email'])) as { id: string; email: string }[];
    const tokens = rows.map((row) => ({
      token: `t${row.id.replaceAll('-', '')}${[...randomBytes(20)].map((b) => 'abcdefghijklmnopqrstuvwxyz234567'[b & 31]).join('')}`,
      threadKind: 'ticket',
      threadId: row.id,
      recipient: row.email,
    }));
    await db('mail_reply_tokens').insert(tokens);
    for (const token of tokens) {
      replies.push({ ticketId: token.threadId, token: token.token, messageId: `<${token.token}.${run}@client.bench>` });
    }
  }
  return replies;
}

function rawReply(reply: Reply, index: number, run: string): string {
  return [
    `From: Client ${index} <client${index}.${run}@bench.example.com>`,
    `To: reply+${reply.token}@${DOMAIN}`,
    'Subject: Re: your request',
    `Message-ID: ${reply.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `It works again, thanks (${index}).`,
    '',
    'On Thu, Nov 26, 2026 at 9:00 AM Northstar IT <noreply@bench.example> wrote:',
    '> Please restart the printer.',
    '',
  ].join('\r\n');
}

/** A console listening to staff events, reconnecting when the server goes away. */
class Console {
  private socket: TestSocket | null = null;
  private stopped = false;
  constructor(
    private readonly onEvent: (ticketId: string, at: number) => void,
    private url: () => string,
    private readonly cookie: () => Promise<string>,
  ) {}

  async connect(): Promise<void> {
    const socket = await TestSocket.open(this.url(), { cookie: await this.cookie() });
    socket.ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; event?: { kind: string; id: string } };
      if (frame.type === 'staff_event' && frame.event?.kind === 'service_request.client_reply') {
        this.onEvent(frame.event.id, performance.now());
      }
    });
    socket.send({ type: 'staff_events' });
    this.socket = socket;
    void socket.closed.then(async () => {
      while (!this.stopped) {
        await sleep(200);
        try {
          await this.connect();
          return;
        } catch {
          // the server is still away
        }
      }
    });
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }
}

async function deliver(smtpPort: number, replies: Reply[], run: string, midRun?: () => Promise<void>) {
  let done = 0;
  let retries = 0;
  let midRunStarted = false;
  const transports = Array.from({ length: CONNECTIONS }, () =>
    createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true, pool: true, maxConnections: 1 }),
  );
  const started = performance.now();
  let restart: Promise<void> | null = null;
  await inBatches(
    replies.map((reply, index) => ({ reply, index })),
    CONNECTIONS,
    async ({ reply, index }) => {
      const transport = transports[index % CONNECTIONS]!;
      for (;;) {
        try {
          await transport.sendMail({
            envelope: { from: `client${index}.${run}@bench.example.com`, to: [`reply+${reply.token}@${DOMAIN}`] },
            raw: rawReply(reply, index, run),
          });
          reply.acceptedAt = performance.now();
          break;
        } catch {
          // Refused for now (421/451), or the connection went away: a mail server tries again shortly.
          retries += 1;
          await sleep(250);
        }
      }
      done += 1;
      if (midRun && !midRunStarted && done >= replies.length / 2) {
        midRunStarted = true;
        restart = midRun();
      }
    },
  );
  await restart;
  const seconds = (performance.now() - started) / 1000;
  for (const transport of transports) transport.close();
  return { seconds, retries };
}

async function countReplies(db: Knex, replies: Reply[]) {
  const rows = (await db('ticket_events')
    .whereIn(
      'ticketId',
      replies.map((reply) => reply.ticketId),
    )
    .where({ kind: 'reply', actorType: 'client' })
    .groupBy('ticketId')
    .select('ticketId', db.raw('count(*)::int as count'))) as { ticketId: string; count: number }[];
  const counts = new Map(rows.map((row) => [row.ticketId, row.count]));
  let lost = 0;
  let duplicated = 0;
  for (const reply of replies) {
    const count = counts.get(reply.ticketId) ?? 0;
    if (count === 0) lost += 1;
    if (count > 1) duplicated += count - 1;
  }
  return { lost, duplicated };
}

async function waitVisible(replies: Reply[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (replies.some((reply) => reply.visibleAt === undefined) && Date.now() < deadline) await sleep(100);
}

ensureBuild();
const database = await freshDatabase();
const smtpPort = await freePort();
const env = {
  INBOUND_DOMAIN: DOMAIN,
  INBOUND_SMTP_PORT: String(smtpPort),
  INBOUND_SMTP_HOST: '127.0.0.1',
  INBOUND_CONNECTIONS_PER_IP: String(CONNECTIONS * 4),
  INBOUND_MAILS_PER_SENDER_PER_HOUR: '1000000',
  LOG_LEVEL: 'warn',
};
let server: BenchServer = await startProductionServer(database.url, env);
const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 }, ...knexSnakeCaseMappers() });
let failures = 0;
try {
  const staff = await buildUser(db, { accountType: 'staff', staffRole: 'support' });
  const results: {
    run: string;
    mails: number;
    rate: number;
    p50: number;
    p99: number;
    retries: number;
    lost: number;
    duplicated: number;
    seen: number;
  }[] = [];
  for (const run of ['steady', 'restart']) {
    const replies = await seedTickets(db, MAILS, run);
    const byTicket = new Map(replies.map((reply) => [reply.ticketId, reply]));
    const desk = new Console(
      (ticketId, at) => {
        const reply = byTicket.get(ticketId);
        if (reply && reply.visibleAt === undefined) reply.visibleAt = at;
      },
      () => server.url,
      () => loginCookie(server.url, staff),
    );
    await desk.connect();
    const restart =
      run === 'restart'
        ? async () => {
            await server.stop();
            server = await startProductionServer(database.url, env);
          }
        : undefined;
    const { seconds, retries } = await deliver(smtpPort, replies, run, restart);
    await waitVisible(replies);
    desk.close();
    const { lost, duplicated } = await countReplies(db, replies);
    failures += lost + duplicated;
    // Accepted → visible for replies whose event the console heard (during a restart some are missed while it is
    // away; they are still counted above, in the database).
    const latencies = replies
      .filter((reply) => reply.acceptedAt !== undefined && reply.visibleAt !== undefined)
      .map((reply) => Math.max(0, reply.visibleAt! - reply.acceptedAt!))
      .sort((a, b) => a - b);
    results.push({
      run,
      mails: replies.length,
      rate: replies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      retries,
      lost,
      duplicated,
      seen: latencies.length,
    });
  }
  console.log(`\nbench:inbound — ${MAILS} replies a run over SMTP, ${CONNECTIONS} senders; ${machine()}`);
  console.table(
    results.map((r) => ({
      run: r.run,
      'mails/s': r.rate.toFixed(1),
      'accepted→visible p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      'heard live': `${r.seen}/${r.mails}`,
      'sender retries': r.retries,
      lost: r.lost,
      duplicated: r.duplicated,
    })),
  );
  const steady = results[0]!;
  recordFigure({ id: 'inbound-failures', value: failures });
  recordFigure({ id: 'inbound-rate', value: steady.rate });
  recordFigure({ id: 'inbound-p99', value: steady.p99, note: `restart run p99 ${results[1]!.p99.toFixed(1)} ms` });
} finally {
  await db.destroy();
  await server.stop();
  await database.stop();
}
process.exit(failures === 0 ? 0 : 1);
