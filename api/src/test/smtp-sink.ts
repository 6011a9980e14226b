import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  /** Whether the session had switched to TLS (STARTTLS) when the mail arrived. */
  secure: boolean;
  /** The user the client logged in as, when it did. */
  user: string | null;
  parsed: ParsedMail;
  raw: string;
  receivedAt: number;
}

export interface SmtpSinkOptions {
  /** Offer STARTTLS (with smtp-server's self-signed certificate). Off by default. */
  starttls?: boolean;
  /** Require AUTH as one of these users (the URL uses the first). */
  auth?: readonly { user: string; pass: string }[];
  /** A recipient this returns a reply for is refused at RCPT TO with it, e.g. [550, '5.1.1 No such user']. */
  refuse?: (recipient: string) => readonly [code: number, message: string] | null;
  /** Parse each mail (mailparser); the benchmark only counts. */
  parse?: boolean;
  port?: number;
}

/**
 * A real SMTP server in this process (smtp-server), keeping what it receives
 * (parsed with mailparser). `stop()` takes it down like an outage — open
 * connections are dropped — and `start()` brings it back on the same port.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private port = 0;
  private waiters: (() => void)[] = [];

  private constructor(private readonly options: SmtpSinkOptions) {}

  static async start(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(options);
    await sink.start();
    return sink;
  }

  /** smtp://[user:pass@]127.0.0.1:<port>, with the test certificate accepted when STARTTLS is on. */
  get url(): string {
    return this.urlAs(this.options.auth?.[0]);
  }

  /** The URL with another of the accepted users. */
  urlAs(login: { user: string; pass: string } | undefined): string {
    const auth = login ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@` : '';
    const query = this.options.starttls ? '?tls.rejectUnauthorized=false' : '';
    return `smtp://${auth}127.0.0.1:${this.port}${query}`;
  }

  get isRunning(): boolean {
    return this.server !== null;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const { auth, refuse, starttls = false, parse = true } = this.options;
    const options: SMTPServerOptions = {
      logger: false,
      closeTimeout: 1,
      disabledCommands: [...(starttls ? [] : ['STARTTLS']), ...(auth ? [] : ['AUTH'])],
      authOptional: !auth,
      allowInsecureAuth: !starttls,
      onAuth: (credentials, _session, callback) => {
        if (auth?.some((login) => credentials.username === login.user && credentials.password === login.pass)) {
          callback(null, { user: credentials.username });
        } else {
          callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
        }
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = refuse?.(address.address.toLowerCase());
        if (refusal) callback(Object.assign(new Error(refusal[1]), { responseCode: refusal[0] }));
        else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const record = (parsed: ParsedMail) => {
            this.received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              secure: session.secure,
              user: typeof session.user === 'string' ? session.user : null,
              parsed,
              raw,
              receivedAt: Date.now(),
            });
            this.wake();
            callback(null, 'Message queued');
          };
          if (parse) simpleParser(raw).then(record, (err: Error) => callback(err));
          else record({} as ParsedMail);
        });
      },
    };
    const server = new SMTPServer(options);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    // A dropped client connection is part of the tests, not a failure of the sink.
    server.on('error', () => undefined);
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
  }

  /** Takes the server down (connections dropped); mails sent now fail to connect. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once at least `count` mails arrived; fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} mails within ${timeoutMs} ms, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  /** The mails that arrived for an address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }
}
