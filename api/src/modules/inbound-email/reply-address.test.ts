import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits, testConfig } from '../../test/config';
import { buildUser } from '../../test/factories';
import { loginCookie } from '../../test/chat';
import { quickMail, withSmtp } from '../../test/mail';
import { useApiServers } from '../../test/servers';
import { SmtpSink } from '../../test/smtp-sink';
import { buildTicket } from '../../test/ticket-factories';

const DOMAIN = 'reply.northstar.test';
let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());
const servers = useApiServers(1, {
  mail: quickMail,
  configure: () => ({
    ...withSmtp(sink.url),
    rateLimits: roomyRateLimits,
    inbound: { ...testConfig().inbound, domain: DOMAIN },
  }),
});

describe('thread mails carry their reply address', () => {
  it("a staff reply on a ticket goes out with Reply-To reply+<the ticket's token for this client>, and a remembered Message-ID", async () => {
    const client = await buildUser(servers.db, { email: 'reply.address@example.com' });
    const ticket = await buildTicket(servers.db, client.user);
    const staff = await buildUser(servers.db, { accountType: 'staff', staffRole: 'support' });
    const res = await fetch(`${servers.url()}/api/service-requests/${ticket.id}/replies`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: await loginCookie(servers.url(), staff) },
      body: JSON.stringify({ message: 'Which model is the printer?' }),
    });
    expect(res.status).toBe(201);
    await sink.waitFor(1);
    const mail = sink.to('reply.address@example.com')[0]!;
    const row = await servers
      .db('mails')
      .where({ threadId: ticket.id, recipient: 'reply.address@example.com' })
      .first();
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(`reply+${row.replyToken}@${DOMAIN}`);
    expect(mail.parsed.messageId).toBe(`<${row.id}@127.0.0.1>`);
  });
});
