import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { Enquiry } from './enquiry.model';

const t = setupTestApp();

async function staffAgent() {
  const built = await buildUser(t.db, { accountType: 'staff' });
  const agent = t.agent();
  await logIn(agent, built);
  return agent;
}

beforeAll(async () => {
  // 25 enquiries, one minute apart: "Enquiry 25" is the newest.
  const start = Date.UTC(2026, 10, 1, 12, 0, 0);
  await Enquiry.query(t.db).insert(
    Array.from({ length: 25 }, (_, i) => ({
      name: `Sender ${i + 1}`,
      email: `sender${i + 1}@example.com`,
      phone: null,
      company: null,
      service: 'General Inquiry',
      message: `Enquiry ${i + 1}`,
      createdAt: new Date(start + i * 60_000),
    })),
  );
});

describe('GET /api/admin/contact-messages', () => {
  it('is refused to anonymous visitors (401) and clients (403)', async () => {
    const anonymous = await t.request().get('/api/admin/contact-messages');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthorized' });

    const client = await buildUser(t.db);
    const agent = t.agent();
    await logIn(agent, client);
    const res = await agent.get('/api/admin/contact-messages');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Staff only' });
  });

  it('lists enquiries newest first, 20 per page by default', async () => {
    const agent = await staffAgent();
    const res = await agent.get('/api/admin/contact-messages');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ page: 1, pageSize: 20, total: 25, totalPages: 2 });
    expect(res.body.messages).toHaveLength(20);
    expect(res.body.messages[0]).toEqual({
      id: expect.any(String),
      name: 'Sender 25',
      email: 'sender25@example.com',
      phone: null,
      company: null,
      service: 'General Inquiry',
      message: 'Enquiry 25',
      createdAt: '2026-11-01T12:24:00.000Z',
    });
    expect(res.body.messages[19].message).toBe('Enquiry 6');
  });

  it('pages with page and pageSize', async () => {
    const agent = await staffAgent();
    const second = await agent.get('/api/admin/contact-messages?page=2&pageSize=10');
    expect(second.body).toMatchObject({ page: 2, pageSize: 10, total: 25, totalPages: 3 });
    expect(second.body.messages.map((m: { message: string }) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Enquiry ${15 - i}`),
    );
    const past = await agent.get('/api/admin/contact-messages?page=9');
    expect(past.status).toBe(200);
    expect(past.body.messages).toEqual([]);
  });

  it.each([
    ['page=0', /^page: /],
    ['page=abc', /^page: /],
    ['page=1.5', /^page: page must be a whole number$/],
    ['pageSize=101', /^pageSize: /],
    ['pageSize=-1', /^pageSize: /],
    ['page=1&page=2', /^page: /],
    ['sort=name', /Unrecognized key/],
  ])('refuses ?%s with 400', async (query, message) => {
    const agent = await staffAgent();
    const res = await agent.get(`/api/admin/contact-messages?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});
