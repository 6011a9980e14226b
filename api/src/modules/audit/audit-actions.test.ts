import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogSeed } from '../catalog/catalog-seed-data';
import { Enquiry } from '../enquiries/enquiry.model';
import { roomyRateLimits } from '../../test/config';
import { buildUser, uniqueName } from '../../test/factories';
import { clientWithPaidOrder } from '../../test/order-factories';
import { spawnEntry } from '../../test/spawn-entry';
import { buildTicket, callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';

/*
 * Every staff action that moves money or access or changes what the public sees leaves one audit row, written in
 * the transaction of the change, naming who (the signed-in staff member, or a system actor), from where, on what,
 * and the values before and after (decision 168).
 */

const ADMIN_TOKEN = 'audit-admin-token-0123456789abcdef';
const t = setupTestApp({ rateLimits: roomyRateLimits, adminToken: ADMIN_TOKEN });

let admin: Caller;

beforeAll(async () => {
  admin = await callerOf(t, 'staff');
});

/** The audit rows of one action on one record, oldest first. */
const auditOf = (action: string, recordId?: string) => {
  const query = t.db('audit_log').where({ action }).orderBy('id');
  if (recordId !== undefined) query.where({ recordId });
  return query;
};

/** The row's actor columns, as the signed-in admin's. */
const byAdmin = () => ({
  actorId: admin.built.user.id,
  actorName: admin.built.username,
  actorRole: 'admin',
  ip: expect.stringMatching(/\S/),
});

describe('money', () => {
  it('a refund: refund.created by the staff member, with the order and the amount', async () => {
    const order = await clientWithPaidOrder(t);
    const res = await admin.agent.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '12.34' });
    expect(res.status).toBe(201);
    const rows = await auditOf('refund.created', res.body.refund.id);
    expect(rows).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        recordType: 'refund',
        before: null,
        after: expect.objectContaining({ orderId: order.orderId, amount: '12.34', status: 'pending' }),
      }),
    ]);
  });

  it('a refused refund leaves no audit row (the row is written with the change or not at all)', async () => {
    const order = await clientWithPaidOrder(t);
    const before = (await auditOf('refund.created')).length;
    const res = await admin.agent.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '99999.00' });
    expect(res.status).toBe(400);
    expect(await auditOf('refund.created')).toHaveLength(before);
  });
});

describe('orders', () => {
  it('status changes (fulfil, ship with tracking): order.status_changed with before and after', async () => {
    const order = await clientWithPaidOrder(t);
    const path = `/api/admin/orders/${order.orderId}`;
    expect((await admin.agent.patch(path).send({ status: 'processing' })).status).toBe(200);
    const shipped = await admin.agent.patch(path).send({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z 999' });
    expect(shipped.status).toBe(200);
    const rows = await auditOf('order.status_changed', order.orderId);
    expect(rows).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        recordType: 'order',
        before: { status: 'paid' },
        after: { status: 'processing' },
      }),
      expect.objectContaining({
        ...byAdmin(),
        before: { status: 'processing', carrier: null, trackingNumber: null },
        after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z 999' },
      }),
    ]);
  });

  it('a cancellation: order.cancelled; a refused transition writes nothing', async () => {
    const order = await clientWithPaidOrder(t);
    const path = `/api/admin/orders/${order.orderId}`;
    expect((await admin.agent.patch(path).send({ status: 'cancelled' })).status).toBe(200);
    expect((await admin.agent.patch(path).send({ status: 'processing' })).status).toBe(409);
    expect(await auditOf('order.cancelled', order.orderId)).toEqual([
      expect.objectContaining({ ...byAdmin(), before: { status: 'paid' }, after: { status: 'cancelled' } }),
    ]);
    expect(await auditOf('order.status_changed', order.orderId)).toEqual([]);
  });
});

describe('the catalogue', () => {
  it('create, edit, price, stock and archive: one row each, with only what changed', async () => {
    const name = uniqueName('Audited Router');
    const created = await admin.agent.post('/api/admin/products').send({
      name,
      category: 'Networking',
      description: 'A router.',
      price: '10.00',
      inStock: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const patch = (body: object) => admin.agent.patch(`/api/admin/products/${id}`).send(body);
    expect((await patch({ name: `${name} Pro`, description: 'A better router.' })).status).toBe(200);
    expect((await patch({ price: '12.50' })).status).toBe(200);
    expect((await patch({ inStock: false })).status).toBe(200);
    expect((await patch({ archived: true })).status).toBe(200);

    expect(await auditOf('product.created', id)).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        recordType: 'product',
        before: null,
        after: {
          name,
          category: 'Networking',
          description: 'A router.',
          price: '10.00',
          inStock: true,
          imageUrl: null,
          archived: false,
        },
      }),
    ]);
    expect((await auditOf('product.updated', id)).map((row) => [row.before, row.after])).toEqual([
      [
        { name, description: 'A router.' },
        { name: `${name} Pro`, description: 'A better router.' },
      ],
      [{ price: '10.00' }, { price: '12.50' }],
      [{ inStock: true }, { inStock: false }],
    ]);
    expect(await auditOf('product.archived', id)).toEqual([
      expect.objectContaining({ ...byAdmin(), before: { archived: false }, after: { archived: true } }),
    ]);
  });

  it('an image and a restore: product.updated with the image, product.restored', async () => {
    const created = await admin.agent.post('/api/admin/products').send({
      name: uniqueName('Audited Camera'),
      category: 'Security',
      description: 'A camera.',
      price: '80.00',
    });
    const id = created.body.id as string;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const image = await admin.agent.post(`/api/admin/products/${id}/image`).set('Content-Type', 'image/png').send(png);
    expect(image.status).toBe(200);
    expect(await auditOf('product.updated', id)).toEqual([
      expect.objectContaining({ ...byAdmin(), before: { imageUrl: null }, after: { imageUrl: image.body.imageUrl } }),
    ]);
    expect((await admin.agent.patch(`/api/admin/products/${id}`).send({ archived: true })).status).toBe(200);
    expect((await admin.agent.patch(`/api/admin/products/${id}`).send({ archived: false })).status).toBe(200);
    expect(await auditOf('product.restored', id)).toEqual([
      expect.objectContaining({ ...byAdmin(), before: { archived: true }, after: { archived: false } }),
    ]);
    // A patch that changes nothing the public sees writes no row.
    expect((await admin.agent.patch(`/api/admin/products/${id}`).send({ price: '80.00' })).status).toBe(200);
    expect(await auditOf('product.updated', id)).toHaveLength(1);
  });

  it('seeding: catalogue.seeded with the counts, by the admin token from the caller’s address', async () => {
    const before = (await auditOf('catalogue.seeded')).length;
    const seed = () =>
      t
        .request()
        .post('/api/admin/seed-products')
        .set('X-Forwarded-For', '198.51.100.7')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect((await seed()).status).toBe(200);
    expect((await seed()).status).toBe(200);
    const token = { actorId: null, actorName: 'admin token', actorRole: 'system', recordType: 'catalogue' };
    expect((await auditOf('catalogue.seeded')).slice(before)).toEqual([
      expect.objectContaining({ ...token, before: null, after: { inserted: catalogSeed.length, kept: 0 } }),
      expect.objectContaining({ ...token, before: null, after: { inserted: 0, kept: catalogSeed.length } }),
    ]);
  });
});

describe('access', () => {
  it('a customer password reset sent by staff: who, to whom and where, never the link', async () => {
    const customer = await buildUser(t.db, { email: `${uniqueName('reset')}@example.com` });
    const res = await admin.agent.post(`/api/admin/customers/${customer.user.id}/password-reset`);
    expect(res.status).toBe(202);
    const rows = await auditOf('customer.password_reset_sent', customer.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        recordType: 'user',
        before: null,
        after: { username: customer.username, email: customer.user.email },
      }),
    ]);
    const [mail] = await t.db('mails').where({ template: 'password-reset', recipient: customer.user.email });
    const token = (mail.data as { token: string }).token;
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('an enquiry converted to a ticket: enquiry.converted with the new ticket and its client', async () => {
    const enquiry = await Enquiry.query(t.db).insert({
      name: 'Priya',
      email: 'priya-audit@example.com',
      phone: null,
      company: 'Acme',
      service: 'General Inquiry',
      message: 'Our Wi-Fi drops.',
    });
    const res = await admin.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`);
    expect(res.status).toBe(201);
    expect(await auditOf('enquiry.converted', enquiry.id)).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        recordType: 'enquiry',
        before: { status: 'new', serviceRequestId: null },
        after: { status: 'closed', serviceRequestId: res.body.serviceRequestId, clientId: null },
      }),
    ]);
  });

  it('a ticket linked to a client account: service_request.client_linked (who may read it changed)', async () => {
    const ticket = await buildTicket(t.db, null);
    const client = await buildUser(t.db, { email: `${uniqueName('linked')}@example.com` });
    const res = await admin.agent
      .post(`/api/admin/service-requests/${ticket.id}/client`)
      .send({ clientId: client.user.id });
    expect(res.status).toBe(200);
    expect(await auditOf('service_request.client_linked', ticket.id)).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        recordType: 'service_request',
        before: { clientId: null },
        after: { clientId: client.user.id, clientUsername: client.username },
      }),
    ]);
  });

  it('npm run user:create and user:role: user.created and user.role_changed by the cli', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-cli-'));
    const env = { DATABASE_URL: t.deps.config.databaseUrl!, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const username = uniqueName('clitool');
    const create = spawnEntry('api/src/cli/create-user.ts', env, [
      '--username',
      username,
      '--password',
      'correct horse battery staple 42',
      '--role',
      'client',
    ]);
    expect(await create.exited, create.stderr()).toBe(0);
    const role = spawnEntry('api/src/cli/set-user-role.ts', env, ['--username', username, '--role', 'staff']);
    expect(await role.exited, role.stderr()).toBe(0);

    const user = await t.db('users').where({ username }).first();
    const cli = { actorId: null, actorName: 'cli', actorRole: 'system', ip: null, recordType: 'user' };
    expect(await auditOf('user.created', user.id)).toEqual([
      expect.objectContaining({
        ...cli,
        before: null,
        after: { username, email: null, accountType: 'client', staffRole: null },
      }),
    ]);
    expect(await auditOf('user.role_changed', user.id)).toEqual([
      expect.objectContaining({
        ...cli,
        before: { username, accountType: 'client', staffRole: null },
        after: { username, accountType: 'staff', staffRole: 'admin' },
      }),
    ]);
  }, 60_000);
});
