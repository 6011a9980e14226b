import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventuallyRows, quickMail, useMailServers, withSmtp } from '../../test/mail';
import { SmtpSink } from '../../test/smtp-sink';

const logins = [
  { user: 'instance-a', pass: 'secret-a' },
  { user: 'instance-b', pass: 'secret-b' },
];
let sink: SmtpSink;
beforeAll(async () => {
  // STARTTLS offered and AUTH required, as a real submission server (port 587) does.
  sink = await SmtpSink.start({ starttls: true, auth: logins });
});
afterAll(() => sink.stop());

// Two instances on one database, each logging in to the SMTP server as its own user.
const servers = useMailServers(2, (index) => withSmtp(sink.urlAs(logins[index])), {
  ...quickMail,
  concurrency: 4,
});

describe('several instances and one outbox', () => {
  it('share the work: every mail delivered exactly once, by both instances, over STARTTLS', async () => {
    const count = 200;
    // Written straight to the table, as another instance would: the workers find them on their own.
    await servers.db('mails').insert(
      Array.from({ length: count }, (_, i) => ({
        idempotencyKey: `shared:${i}`,
        template: 'welcome',
        recipient: `shared${i}@example.com`,
        data: JSON.stringify({ name: `Client ${i}`, username: `client${i}` }),
      })),
    );
    await eventuallyRows(servers.db, 'shared:', (rows) => rows.every((r) => r.status === 'sent'), 30_000);
    await sink.waitFor(count);
    expect(sink.received).toHaveLength(count);
    const recipients = sink.received.map((mail) => mail.to[0]);
    expect(new Set(recipients).size).toBe(count);
    expect(sink.received.every((mail) => mail.secure)).toBe(true);
    const byInstance = new Map<string | null, number>();
    for (const mail of sink.received) byInstance.set(mail.user, (byInstance.get(mail.user) ?? 0) + 1);
    expect(byInstance.get('instance-a')).toBeGreaterThan(0);
    expect(byInstance.get('instance-b')).toBeGreaterThan(0);
    const attempts = await servers.db('mails').where('idempotencyKey', 'like', 'shared:%').max('attempts as max');
    expect(attempts[0]!.max).toBe(1);
  });
});
