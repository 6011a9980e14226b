import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, validShipping } from '../test/commerce-factories';
import { buildUser } from '../test/factories';
import { spawnEntry } from '../test/spawn-entry';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { recordAudit, systemActor } from '../modules/audit/audit-log';
import { NOT_BACKED_UP } from './backup';
import { connectDatabase } from './database';

let database: TestDatabase;
let db: Knex;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDatabase(database.url, { poolMax: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-backup-test-'));
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every row of every table, as PostgreSQL prints it, in a stable order. */
async function snapshot(): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.raw<{ rows: { tablename: string }[] }>(
    "select tablename from pg_tables where schemaname = 'public' order by 1",
  );
  const result: Record<string, string[]> = {};
  // The reports' count of changes is bookkeeping a restore starts afresh (decision 214): checked on its own below.
  for (const { tablename } of tables.filter((table) => !NOT_BACKED_UP.has(table.tablename))) {
    const { rows } = await db.raw<{ rows: { row: string }[] }>(
      `select t::text as row from "${tablename}" t order by 1`,
    );
    result[tablename] = rows.map((r) => r.row);
  }
  return result;
}

/** Rows in every table, with the awkward values: exact decimals, microseconds, JSON, identity columns, odd text. */
async function fillEveryTable(): Promise<void> {
  const client = await buildUser(db, { firstName: 'Zoë "quoted" \\ back\\slash' });
  const staff = await buildUser(db, { accountType: 'staff' });
  const product = await buildProduct(db, { price: '1234.56', rating: '4.5' });
  await db('sessions').insert({
    sid: 's1',
    sess: { userId: client.user.id, note: 'ü' },
    expire: db.raw("now() + interval '1 day'"),
    userId: client.user.id,
  });
  const [order] = await db('orders')
    .insert({
      userId: client.user.id,
      status: 'paid',
      subtotalAmount: '1234.56',
      taxAmount: '104.94',
      totalAmount: '1339.50',
      paymentProvider: 'demo',
      providerPaymentId: 'demo_pi_1',
      shippingFullName: validShipping.fullName,
      shippingAddress: `${validShipping.address}\nSuite 4`,
      shippingCity: validShipping.city,
      shippingState: validShipping.state,
      shippingZipCode: validShipping.zipCode,
      shippingCountry: validShipping.country,
      paidAt: db.raw("'2026-11-23 10:11:12.345678+00'"),
    })
    .returning('id');
  await db('order_items').insert({
    orderId: order.id,
    productId: product.id,
    productName: product.name,
    quantity: 1,
    price: '1234.56',
  });
  await db('order_events').insert({
    orderId: order.id,
    type: 'status_changed',
    actorId: staff.user.id,
    data: JSON.stringify({ from: 'paid', to: 'processing', note: 'ü "quoted"' }),
  });
  const [request] = await db('tickets')
    .insert({
      userId: client.user.id,
      name: 'Ada',
      email: 'ada@example.com',
      service: 'Consultation',
      message: 'Hi 🚀',
      status: 'pending',
    })
    .returning('id');
  const [replyEvent] = await db('ticket_events')
    .insert({
      ticketId: request.id,
      kind: 'reply',
      actorId: staff.user.id,
      actorType: 'staff',
      actorName: 'Staff "S"',
      message: 'On it 👍',
    })
    .returning('id');
  // A file attached to the reply: bytes that are not text, and a name that is not ASCII.
  await db('attachments').insert({
    ownerType: 'ticket_event',
    ownerId: replyEvent.id,
    filename: 'Übersicht "Q4".pdf',
    contentType: 'application/pdf',
    isImage: false,
    size: 256,
    sha256: 'cd'.repeat(32),
    content: Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)),
    uploadedById: staff.user.id,
  });
  await db('consultation_bookings').insert({
    userId: client.user.id,
    paymentId: 'demo_pi_booked_0001',
    topic: 'Wi-Fi "dead" zones ü',
    preferredTimes: null,
  });
  await db('consultation_proposals').insert({
    ticketId: request.id,
    startsAt: db.raw("'2026-12-01 15:30:00+00'"),
    timeZone: 'America/New_York',
    durationMinutes: 60,
    proposedBy: staff.user.id,
  });
  const [enquiry] = await db('enquiries')
    .insert({
      name: 'Grace',
      email: 'grace@example.com',
      service: 'Networking',
      message: 'It\'s "fine"\ttabbed',
    })
    .returning('id');
  await db('enquiry_replies').insert({
    enquiryId: enquiry.id,
    authorId: staff.user.id,
    authorName: 'Staff',
    message: 'Thanks <b>Grace</b>',
  });
  // Inbound email: a reply token, a received message (raw bytes, not all of them UTF-8) and the reply it made.
  const token = `e${String(enquiry.id).replaceAll('-', '')}abcdefghijklmnopqrst`;
  await db('mail_reply_tokens').insert({
    token,
    threadKind: 'enquiry',
    threadId: enquiry.id,
    recipient: 'grace@example.com',
  });
  const [received] = await db('inbound_emails')
    .insert({
      messageId: '<grace-reply@example.com>',
      source: 'smtp',
      envelopeFrom: 'grace@example.com',
      sender: 'grace@example.com',
      subject: 'Re: "fine"',
      raw: Buffer.concat([Buffer.from('From: grace@example.com\r\n\r\nbytes: '), Buffer.from([0xff, 0x00, 0xe9])]),
      size: 30,
      parsed: JSON.stringify({ replyText: 'Thanks 👍', attachments: [{ filename: 'a.pdf', size: 3 }] }),
      outcome: 'enquiry_reply',
      threadKind: 'enquiry',
      threadId: enquiry.id,
      differentAddress: true,
    })
    .returning('id');
  await db('enquiry_replies').insert({
    enquiryId: enquiry.id,
    authorName: 'Grace',
    message: 'Thanks 👍',
    fromClient: true,
    inboundEmailId: received.id,
    differentAddress: 'grace.other@example.com',
  });
  const [conversation] = await db('chat_conversations')
    .insert({
      visitorId: '00000000-0000-4000-8000-000000000001',
      visitorName: 'Visitor',
      userId: client.user.id,
      status: 'active',
    })
    .returning('id');
  for (const message of ['first', 'second', 'third 山田']) {
    await db('chat_messages').insert({
      conversationId: conversation.id,
      senderType: 'visitor',
      message,
      isRead: false,
    });
  }
  await db('chat_messages').insert({
    conversationId: conversation.id,
    senderId: staff.user.id,
    senderType: 'admin',
    message: 'reply',
    isRead: true,
  });
  await db('chat_messages').insert({
    conversationId: conversation.id,
    senderType: 'admin',
    message: "We're closed right now.",
    isRead: false,
    automatic: 'away',
  });
  await db('rate_limits').insert({
    key: 'login:ip:1',
    windowStart: db.fn.now(),
    count: 3,
    expiresAt: db.raw("now() + interval '1 hour'"),
  });
  await db('stripe_webhook_events').insert({
    id: 'evt_1',
    type: 'payment_intent.succeeded',
    livemode: false,
    createdAt: db.fn.now(),
  });
  await db('demo_payments').insert({
    id: 'demo_pi_1',
    clientSecretHash: 'x',
    userId: client.user.id,
    amount: 133950,
    currency: 'usd',
    description: 'Order',
    metadata: JSON.stringify({ orderId: order.id, nested: { list: [1, 2.5, null] } }),
    status: 'succeeded',
  });
  await db('chat_presence').insert({ instanceId: 'instance-a', staffConnections: 2 });
  await db('staff_presence').insert({ userId: staff.user.id, instanceId: 'instance-a', consoles: 1 });
  await db('assignment_turns').insert({ userId: staff.user.id, lastAssignedAt: new Date('2026-11-20T09:00:00Z') });
  const plan = await db('subscription_plans').first('id');
  await db('subscriptions').insert({
    userId: client.user.id,
    provider: 'demo',
    providerSubscriptionId: 'demo_sub_1',
    planId: plan.id,
    status: 'active',
    currentPeriodStart: db.raw("'2026-11-01 00:00:00.000001+00'"),
    currentPeriodEnd: db.raw("'2026-12-01 00:00:00+00'"),
    cancelAtPeriodEnd: false,
    providerCreatedAt: db.fn.now(),
  });
  await db('login_known_addresses').insert({ userId: client.user.id, ip: '203.0.113.5' });
  await db('user_recovery_codes').insert([
    { userId: staff.user.id, codeHash: 'a'.repeat(64) },
    { userId: staff.user.id, codeHash: 'b'.repeat(64), usedAt: db.raw("'2026-11-26 19:00:00.000001+00'") },
  ]);
  const [mail] = await db('mails')
    .insert({
      idempotencyKey: `order-receipt:${order.id}`,
      template: 'order-receipt',
      recipient: 'client@example.com',
      data: JSON.stringify({ name: 'Zoë', lines: [{ name: '山田', quantity: 2 }] }),
      secrets: ['token-1', 'token "2"'],
      subject: 'Receipt',
      htmlBody: '<p>It\'s "fine"</p>',
      textBody: 'line one\nline two',
      status: 'retrying',
      attempts: 2,
      lastError: '451 4.3.0 Try again',
      nextAttemptAt: db.raw("'2026-11-23 10:00:00.000001+00'"),
    })
    .returning('id');
  // Bytes that are not text: every byte value, and a file still to be made (no content).
  await db('mail_attachments').insert([
    {
      mailId: mail.id,
      position: 0,
      filename: 'bytes.bin',
      contentType: 'application/octet-stream',
      size: 256,
      content: Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    },
    { mailId: mail.id, position: 1, filename: 'invoice.pdf', contentType: 'application/pdf', source: 'invoice:x' },
  ]);
  await db('product_images').insert({
    sha256: 'ab'.repeat(32),
    content: Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 0xff]),
    width: 1,
    height: 1,
  });
  await db('products')
    .where({ id: product.id })
    .update({ archivedAt: db.raw("'2026-11-23 10:00:00.000001+00'") });
  await db('invoice_counters').insert({ year: 2026, lastNumber: 1 });
  const [invoice] = await db('invoices')
    .insert({
      orderId: order.id,
      source: 'order',
      sourceId: order.id,
      userId: client.user.id,
      year: 2026,
      sequence: 1,
      number: '2026-000001',
      issuedAt: db.raw("'2026-11-23 10:00:00.000001+00'"),
      total: '1339.50',
      content: JSON.stringify({ description: 'Order NS-10001', lines: [{ name: '山田', quantity: 2 }] }),
    })
    .returning('id');
  await db('credit_note_counters').insert({ year: 2026, lastNumber: 1 });
  await db('credit_notes').insert({
    invoiceId: invoice!.id,
    sourceId: 'refund:demo_re_1',
    userId: client.user.id,
    year: 2026,
    sequence: 1,
    number: 'CN-2026-0001',
    issuedAt: db.raw("'2026-11-24 10:00:00.000001+00'"),
    total: '10.05',
    content: JSON.stringify({ description: 'Refund of order NS-10001' }),
  });
  await db('refunds').insert({
    orderId: order.id,
    provider: 'demo',
    providerRefundId: 'demo_re_1',
    amount: '10.05',
    status: 'succeeded',
    items: JSON.stringify([{ orderItemId: order.id, quantity: 1 }]),
    requestedBy: staff.user.id,
  });
  await db('account_tokens').insert({
    userId: client.user.id,
    purpose: 'email_change',
    tokenHash: 'a'.repeat(64),
    newEmail: 'new@example.com',
    expiresAt: db.raw("now() + interval '1 hour'"),
  });
  await db('staff_invitations').insert({
    email: 'new.hire@example.com',
    role: 'support',
    tokenHash: 'b'.repeat(64),
    invitedBy: staff.user.id,
    expiresAt: db.raw("'2026-11-30 10:00:00.000001+00'"),
  });
  await db('user_recovery_codes').insert({ userId: staff.user.id, codeHash: 'c'.repeat(64) });
  await db('quote_counters').insert({ year: 2026, lastNumber: 1 });
  const [quote] = await db('quotes')
    .insert({
      year: 2026,
      sequence: 1,
      number: 'Q-2026-0001',
      status: 'accepted',
      title: 'Wi-Fi ü',
      customerUserId: client.user.id,
      customerName: 'Zoë',
      customerEmail: 'zoe@example.com',
      depositPercent: 25,
      validUntil: '2026-12-31',
      tokenHash: 'd'.repeat(64),
      acceptedAt: db.raw("'2026-11-26 10:00:00.000001+00'"),
      signatureName: 'Zoë "quoted"',
      oneTimeSubtotalCents: 123456,
    })
    .returning<{ id: string }[]>('id');
  await db('quote_lines').insert({
    quoteId: quote!.id,
    position: 1,
    kind: 'recurring',
    description: 'Managed Wi-Fi',
    quantity: 2,
    unitPrice: '99.99',
    taxable: false,
    interval: 'month',
  });
  await db('quote_events').insert({ quoteId: quote!.id, type: 'accepted', data: JSON.stringify({ ip: '::1' }) });
  // A paid deposit (issue 25, decision 184): the quote's payment, its project ticket, a demo payment without an account.
  await db('quotes')
    .where({ id: quote!.id })
    .update({
      status: 'paid',
      depositPaymentId: 'demo_pi_quote',
      paidAt: db.raw("'2026-11-26 11:00:00.000001+00'"),
      convertedAt: db.raw("'2026-11-26 11:00:00.000002+00'"),
      remindedAt: db.raw("'2026-11-25 11:00:00.000001+00'"),
    });
  await db('tickets').insert({
    name: 'Zoë',
    email: 'zoe@example.com',
    service: 'Project: Wi-Fi ü',
    message: 'Accepted quote',
    quoteId: quote!.id,
  });
  await db('demo_payments').insert({
    id: 'demo_pi_quote',
    clientSecretHash: 'e'.repeat(64),
    userId: null,
    amount: 30864,
    currency: 'usd',
    description: 'Deposit for quote Q-2026-0001',
    metadata: JSON.stringify({ purpose: 'quote_deposit', quote_id: quote!.id }),
  });
  await recordAudit(db, systemActor('cli'), {
    action: 'refund.created',
    recordType: 'refund',
    recordId: order.id,
    before: null,
    after: { amount: '10.05', note: 'ü "quoted"' },
  });
  await db('settings')
    .insert({
      key: 'business_hours',
      value: JSON.stringify({
        timeZone: 'America/Chicago',
        weekly: [],
        holidays: [{ date: '2026-12-25', name: 'Noël' }],
      }),
      updatedById: staff.user.id,
    })
    // The test database already holds business hours (api/src/test/business-hours.ts): replace them.
    .onConflict('key')
    .merge();
  await db('canned_replies').insert([
    {
      shortcut: 'thanks',
      title: 'Thanks',
      body: 'Thanks, {{customer.firstName}} — « merci »',
      createdById: staff.user.id,
    },
    { ownerId: staff.user.id, shortcut: 'thanks', title: 'Mine', body: 'Cheers\nline two', createdById: staff.user.id },
  ]);
  await db('service_level_events').insert({
    ticketId: request!.id,
    kind: 'breached',
    clock: 'first_response',
    dueAt: new Date('2026-11-20T16:00:00.123Z'),
    holderId: staff.user.id,
    holderName: 'Zoë "quoted"',
  });
  await db('satisfaction_surveys').insert({
    tokenHash: 'c'.repeat(64),
    ticketId: request!.id,
    userId: client.user.id,
    email: 'ada@example.com',
    rating: 5,
    comment: 'Très bien "quoted"',
    sentAt: new Date('2026-11-20T10:00:00Z'),
    answeredAt: new Date('2026-11-20T11:00:00Z'),
  });
}

const run = (script: string, args: string[]) =>
  spawnEntry(script, { DATABASE_URL: database.url, NODE_ENV: 'development', DATA_DIR: dir }, args);

// Each test starts the CLI (a tsx process) several times: seconds each on a busy two-core machine.
describe('npm run db:backup and db:restore', { timeout: 60_000 }, () => {
  it('round-trips every row of every table exactly', async () => {
    await fillEveryTable();
    const before = await snapshot();
    const epochsBefore = Object.fromEntries(
      (await db('report_change_epochs').select('topic', 'epoch')).map((row: { topic: string; epoch: string }) => [
        row.topic,
        row.epoch,
      ]),
    );
    const empty = Object.entries(before)
      .filter(([, rows]) => rows.length === 0)
      .map(([table]) => table);
    expect(empty).toEqual([]);

    const file = path.join(dir, 'nightly.backup.gz');
    const backup = run('api/src/cli/db-backup.ts', [file]);
    expect(await backup.exited, backup.stderr()).toBe(0);
    expect(backup.stdout()).toMatch(
      new RegExp(`Backed up \\d+ rows of ${Object.keys(before).length} tables to ${file}`),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Everything changes after the backup: rows deleted, edited, added; a table dropped.
    await db('chat_messages').del();
    await db('users').update({ firstName: 'changed' });
    await buildUser(db);
    await db.raw('drop table login_known_addresses');

    // As an operator would: the server (here, this test's pool) is stopped during the restore.
    await db.destroy();
    const restore = run('api/src/cli/db-restore.ts', [file]);
    expect(await restore.exited, restore.stderr()).toBe(0);
    db = connectDatabase(database.url, { poolMax: 2 });
    expect(restore.stdout()).toMatch(/Restored \d+ rows of \d+ tables/);
    expect(await snapshot()).toEqual(before);

    // The restored database counts report changes from a new epoch: no report is answered from before it.
    const epochs = await db('report_change_epochs').orderBy('topic').select('topic', 'epoch');
    expect(epochs.map((row: { topic: string }) => row.topic)).toEqual(['sales', 'support']);
    expect(epochs.map((row: { epoch: string }) => row.epoch)).not.toContain(epochsBefore.support);
    expect(epochs.map((row: { epoch: string }) => row.epoch)).not.toContain(epochsBefore.sales);

    // The audit log came back with its rows, and append-only as before (its triggers came with the migrations).
    const audit = await db('audit_log').first();
    expect(audit).toMatchObject({ action: 'refund.created', actorName: 'cli' });
    await expect(db('audit_log').update({ action: 'changed' })).rejects.toThrow(/append-only/);
    await expect(db('audit_log').del()).rejects.toThrow(/append-only/);

    // Sequences continue after the restored rows: the next identity value is new.
    const conversation = await db('chat_conversations').first('id');
    const [next] = await db('chat_messages')
      .insert({ conversationId: conversation.id, senderType: 'visitor', message: 'after restore', isRead: false })
      .returning('seq');
    expect(Number(next.seq)).toBeGreaterThan(4);
  });

  it('writes to DATA_DIR/backups by default', async () => {
    const backup = run('api/src/cli/db-backup.ts', []);
    expect(await backup.exited, backup.stderr()).toBe(0);
    const written = /to (\S+\.backup\.gz)/.exec(backup.stdout())?.[1];
    expect(written?.startsWith(path.join(dir, 'backups', 'northstar-'))).toBe(true);
    expect(existsSync(written!)).toBe(true);
  });

  it('refuses while other connections use the database, and a damaged file, changing nothing', async () => {
    const before = await snapshot();
    const file = path.join(dir, 'busy.backup.gz');
    expect(await run('api/src/cli/db-backup.ts', [file]).exited).toBe(0);
    // This test's own pool is "the server" here.
    await db.raw('select 1');
    const busy = run('api/src/cli/db-restore.ts', [file]);
    expect(await busy.exited).toBe(1);
    expect(busy.stderr()).toMatch(
      /^error: \d+ other connection\(s\) use the database — is the server running\? Stop it first/,
    );

    const damaged = path.join(dir, 'damaged.backup.gz');
    const lines = gunzipSync(readFileSync(file)).toString().trimEnd().split('\n');
    await writeFile(damaged, gzipSync(`${lines.slice(0, -3).join('\n')}\n`));
    const broken = run('api/src/cli/db-restore.ts', [damaged, '--force']);
    expect(await broken.exited).toBe(1);
    expect(broken.stderr()).toMatch(/^error: The backup is (incomplete or )?damaged/);
    await writeFile(path.join(dir, 'not-a-backup.gz'), gzipSync('{"hello":1}\n'));
    const foreign = run('api/src/cli/db-restore.ts', [path.join(dir, 'not-a-backup.gz'), '--force']);
    expect(await foreign.exited).toBe(1);
    expect(foreign.stderr()).toMatch(/is not a backup made by npm run db:backup/);
    expect(await snapshot()).toEqual(before);
  });

  it('a file it cannot read or write is one error line, never a crash (no stack), and nothing changes', async () => {
    const before = await snapshot();
    await db.destroy(); // the server is stopped for a restore
    try {
      const folder = path.join(dir, 'a-folder.backup.gz');
      await mkdir(folder);
      const plain = path.join(dir, 'plain.backup.gz');
      await writeFile(plain, 'this is not gzip\n');
      const cut = path.join(dir, 'cut.backup.gz');
      await writeFile(cut, gzipSync('{"format":"northstar-backup"}\n'.repeat(50)).subarray(0, 30));
      for (const [file, message] of [
        [folder, /^error: \S+ cannot be read: EISDIR/],
        [plain, /^error: \S+ is damaged or not a backup made by npm run db:backup \(incorrect header check\)/],
        [cut, /^error: \S+ is (damaged|not a backup)/],
      ] as const) {
        const restore = run('api/src/cli/db-restore.ts', [file]);
        expect(await restore.exited).toBe(1);
        expect(restore.stderr()).toMatch(message);
        expect(restore.stderr()).not.toMatch(/\n\s+at /);
      }

      // The temporary file cannot be created (a folder of that name is in the way).
      const target = path.join(dir, 'blocked.backup.gz');
      await mkdir(`${target}.partial`);
      const backup = run('api/src/cli/db-backup.ts', [target]);
      expect(await backup.exited).toBe(1);
      expect(backup.stderr()).toMatch(/^error: \S+blocked\.backup\.gz\.partial cannot be written: EISDIR/);
      expect(backup.stderr()).not.toMatch(/\n\s+at /);
      expect(existsSync(target)).toBe(false);
    } finally {
      db = connectDatabase(database.url, { poolMax: 2 });
    }
    expect(await snapshot()).toEqual(before);
  });
});
