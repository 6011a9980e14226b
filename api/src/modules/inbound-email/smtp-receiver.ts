import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { emailAddress } from '@shared/schemas/text';
import { countRateLimitHit } from '../../middleware/rate-limit';
import { InboundRefusal } from './message-checks';
import { receiveEmail, type InboundDeps } from './receive-email';

/**
 * The built-in SMTP receiver (docs/inbound-email.md): smtp-server speaks the protocol; this file decides. Only
 * recipients at INBOUND_DOMAIN are accepted (550 at RCPT otherwise), the size is announced and enforced (552),
 * STARTTLS is offered when a certificate is configured, one IP address holds at most `connectionsPerIp`
 * connections (421 beyond) and one sending address hands over at most `mailsPerSenderPerHour` mails (451 beyond).
 * Every accepted message goes through `receiveEmail`, as the webhook's do.
 */
export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

type SmtpError = Error & { responseCode: number };

function smtpError(code: number, message: string): SmtpError {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpReceiver(
  deps: InboundDeps,
  options: { port?: number; host?: string } = {},
): Promise<SmtpReceiver> {
  const { config, logger, db } = deps;
  const inbound = config.inbound;
  const domain = inbound.domain;
  if (!domain) throw new Error('startSmtpReceiver: INBOUND_DOMAIN is not set');
  const open = new Map<string, number>();
  const tls = inbound.tls ? { key: readFileSync(inbound.tls.keyFile), cert: readFileSync(inbound.tls.certFile) } : null;

  const server = new SMTPServer({
    name: domain,
    banner: 'Northstar IT inbound mail',
    size: inbound.maxBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !tls,
    ...(tls ?? {}),
    logger: false,
    socketTimeout: 60_000,
    closeTimeout: 5_000,

    onConnect(session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const address = session.remoteAddress;
      const count = (open.get(address) ?? 0) + 1;
      if (count > inbound.connectionsPerIp) {
        logger.warn({ remoteAddress: address, connections: count - 1 }, 'inbound SMTP: too many connections');
        callback(smtpError(421, '4.7.0 Too many connections from your address, try again later'));
        return;
      }
      open.set(address, count);
      (session as SMTPServerSession & { counted?: boolean }).counted = true;
      callback();
    },

    onClose(session: SMTPServerSession) {
      if (!(session as SMTPServerSession & { counted?: boolean }).counted) return;
      const address = session.remoteAddress;
      const count = (open.get(address) ?? 1) - 1;
      if (count <= 0) open.delete(address);
      else open.set(address, count);
    },

    onMailFrom(address, _session, callback) {
      const sender = address.address.toLowerCase();
      // The null sender (<>) is a bounce's; it is limited as one sender.
      const key = `inbound-smtp-sender:${sender || '<>'}`;
      countRateLimitHit(db, key, { limit: inbound.mailsPerSenderPerHour, windowMs: 60 * 60 * 1000 }).then(
        ({ count }) => {
          if (count > inbound.mailsPerSenderPerHour) {
            logger.warn({ sender }, 'inbound SMTP: sender over its hourly allowance');
            callback(smtpError(451, '4.7.1 Too many messages from this sender, try again later'));
          } else callback();
        },
        (err: unknown) => {
          logger.error({ err }, 'inbound SMTP: could not count the sender');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },

    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      if (!emailAddress.safeParse(recipient).success || !recipient.endsWith(`@${domain}`)) {
        callback(smtpError(550, `5.1.1 <${recipient.slice(0, 254)}>: recipient not accepted here`));
        return;
      }
      callback();
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= inbound.maxBytes) chunks.push(chunk);
      });
      stream.on('error', (err) => {
        logger.warn({ err }, 'inbound SMTP: message stream failed');
      });
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded || size > inbound.maxBytes) {
          logger.warn({ size, remoteAddress: session.remoteAddress }, 'inbound email refused: too large');
          callback(smtpError(552, `5.3.4 Message larger than ${inbound.maxBytes} bytes`));
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        receiveEmail(deps, raw, {
          source: 'smtp',
          envelopeFrom,
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        }).then(
          (result) => callback(null, `2.0.0 Accepted ${result.id}${result.duplicate ? ' (already received)' : ''}`),
          (err: unknown) => {
            if (err instanceof InboundRefusal) {
              callback(smtpError(err.smtpCode, `${err.smtpCode === 552 ? '5.3.4' : '5.6.0'} ${err.message}`));
              return;
            }
            // Our failure (the database away): the sender keeps the message and tries again.
            logger.error({ err }, 'inbound SMTP: message could not be stored');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (err) => logger.warn({ err }, 'inbound SMTP: connection error'));

  await new Promise<void>((resolve, reject) => {
    const fail = (err: Error) => reject(err);
    server.server.once('error', fail);
    server.listen(options.port ?? inbound.smtpPort ?? 25, options.host ?? inbound.smtpHost, () => {
      server.server.off('error', fail);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ port, domain, starttls: Boolean(tls) }, 'inbound SMTP receiver listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
