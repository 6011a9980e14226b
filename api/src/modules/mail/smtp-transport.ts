import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row: a receiver can tell a redelivery of the same mail from a new one. */
  messageId: string;
  /** Files sent with the mail, in order. */
  attachments?: readonly { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  /** Resolves with the server's answer once it accepted the mail; rejects otherwise. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

export interface SmtpTransportOptions {
  /** Connections kept open to the server (mails delivered at once). */
  maxConnections: number;
  /** Connecting, the greeting and each command must finish within this. */
  timeoutMs: number;
}

/**
 * nodemailer over SMTP, pooled. `smtp://` upgrades with STARTTLS when the
 * server offers it (port 587); `smtps://` is TLS from the start (port 465).
 * Credentials and options come from the URL.
 */
export function createSmtpTransport(url: string, options: SmtpTransportOptions): MailTransport {
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections,
    maxMessages: 100,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.attachments && mail.attachments.length > 0
          ? {
              attachments: mail.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
        headers: {
          // Automated mail (RFC 3834): auto-responders should not answer it.
          'Auto-Submitted': 'auto-generated',
          'X-Auto-Response-Suppress': 'All',
        },
      });
      return info.response;
    },
    close() {
      transporter.close();
    },
  };
}

export interface SendFailure {
  /** The server refused this mail for good (a 5xx to its sender, recipients or content): never retried. */
  permanent: boolean;
  /** The server's answer, or what went wrong on the way to it. */
  reason: string;
}

interface NodemailerError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
  message?: unknown;
}

/**
 * Sorts a failed delivery. A 5xx answer about this mail (its envelope or its
 * content) is final. Everything else is worth retrying: no connection,
 * timeouts, 4xx answers, and 5xx answers about the server or our account
 * (greeting, authentication), which an operator fixes for every mail at once.
 */
export function describeSendFailure(err: unknown): SendFailure {
  const e = (err ?? {}) as NodemailerError;
  const code = typeof e.code === 'string' ? e.code : null;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const response = typeof e.response === 'string' ? e.response.trim() : null;
  const message = typeof e.message === 'string' ? e.message : String(err);
  const permanent =
    responseCode !== null && responseCode >= 500 && responseCode < 600 && (code === 'EENVELOPE' || code === 'EMESSAGE');
  const command = typeof e.command === 'string' ? `${e.command}: ` : '';
  const reason = response ? `${command}${response}` : code ? `${code}: ${message}` : message;
  return { permanent, reason: reason.slice(0, 1000) };
}
