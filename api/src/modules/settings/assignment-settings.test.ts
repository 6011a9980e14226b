import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '@shared/schemas/assignment';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';

/*
 * GET/PUT /api/admin/settings/assignment (decision 187): on, 8 open items per person, 5 minutes' grace until an
 * admin changes it; a value is checked whole and a refused one changes nothing; every change is audited.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const URL = '/api/admin/settings/assignment';

let admin: Caller;

beforeAll(async () => {
  admin = await callerOf(t, 'staff');
});

describe('assignment setting', () => {
  it('starts on with capacity 8 and a 5-minute grace, stores a change, audits it', async () => {
    await t.db('settings').where({ key: 'assignment' }).delete();
    expect((await admin.agent.get(URL).expect(200)).body).toEqual({
      autoAssign: true,
      capacity: 8,
      offlineGraceMinutes: 5,
    });
    expect(DEFAULT_ASSIGNMENT_SETTINGS).toEqual({ autoAssign: true, capacity: 8, offlineGraceMinutes: 5 });
    const value = { autoAssign: false, capacity: 3, offlineGraceMinutes: 0 };
    expect((await admin.agent.put(URL).send(value).expect(200)).body).toEqual(value);
    expect((await admin.agent.get(URL).expect(200)).body).toEqual(value);
    const audit = await t.db('audit_log').where({ action: 'setting.updated', recordId: 'assignment' });
    expect(audit).toMatchObject([{ actorId: admin.built.user.id, after: value }]);
  });

  it.each([
    ['a capacity of 0', { capacity: 0 }, /capacity must be at least 1/],
    ['a fractional capacity', { capacity: 2.5 }, /capacity must be a whole number/],
    ['a huge capacity', { capacity: 501 }, /capacity must be at most 500/],
    ['a negative grace', { offlineGraceMinutes: -1 }, /offlineGraceMinutes must be at least 0/],
    ['a grace over a day', { offlineGraceMinutes: 1441 }, /offlineGraceMinutes must be at most 1440/],
    ['autoAssign as text', { autoAssign: 'yes' }, /autoAssign must be true or false/],
    ['an unknown field', { roundRobin: true }, /./],
  ])('refuses %s with 400 and keeps the stored value', async (_name, change, message) => {
    const stored = { autoAssign: true, capacity: 6, offlineGraceMinutes: 10 };
    await admin.agent.put(URL).send(stored).expect(200);
    const response = await admin.agent
      .put(URL)
      .send({ ...stored, ...change })
      .expect(400);
    expect(response.body.message).toMatch(message);
    expect((await admin.agent.get(URL).expect(200)).body).toEqual(stored);
  });

  it('refuses a partial value (every field is needed)', async () => {
    await admin.agent.put(URL).send({ capacity: 4 }).expect(400);
  });

  it('is for admins: support 403, clients 403, visitors 401', async () => {
    const support = await buildUser(t.db, { accountType: 'staff', staffRole: 'support' });
    const agent = t.agent();
    await logIn(agent, support);
    await agent.get(URL).expect(403);
    await agent.put(URL).send(DEFAULT_ASSIGNMENT_SETTINGS).expect(403);
    const client = await callerOf(t, 'client');
    await client.agent.get(URL).expect(403);
    await t.agent().get(URL).expect(401);
  });
});
