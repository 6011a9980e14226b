import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LEVELS, type ServiceLevels } from '@shared/schemas/service-levels';
import { roomyRateLimits } from '../../test/config';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { buildPlan, seededPlan } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';

/*
 * GET /api/service-levels/response-times (decision 203): each plan's first-response target for a normal request,
 * public, following the service-level setting as soon as an admin saves it. The expected minutes are read here from
 * the policies this file stores.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const PATH = '/api/service-levels/response-times';
const LEVELS = '/api/admin/settings/service-levels';

let admin: Caller;
beforeAll(async () => {
  admin = await callerOf(t, 'staff', { firstName: 'Grace' });
});

/** What the answer must be: every plan in the database, its own normal first response or the default's. */
async function expected(levels: ServiceLevels) {
  const ids = (await t.db('subscription_plans').pluck('id')) as string[];
  return {
    priority: 'normal',
    plans: Object.fromEntries(
      ids.map((id) => [id, { firstResponseMinutes: (levels.plans[id] ?? levels.default).normal.firstResponseMinutes }]),
    ),
  };
}

describe('each plan’s promised first response', () => {
  it('is public, uses the default for a plan without an entry, and follows a saved change at once', async () => {
    const enterprise = await seededPlan(t.db, 'Enterprise');
    const retired = await buildPlan(t.db, { isActive: false });
    await admin.agent.put(LEVELS).send(DEFAULT_SERVICE_LEVELS).expect(200);
    const first = await t.request().get(PATH).expect(200);
    expect(first.body).toEqual(await expected(DEFAULT_SERVICE_LEVELS));
    expect(first.body.plans[enterprise.id]).toEqual({ firstResponseMinutes: 600 });
    expect(first.body.plans[retired.id]).toEqual({ firstResponseMinutes: 600 });
    expect(first.headers['cache-control']).toBe('no-cache');

    // Enterprise gets a policy of its own: 30 minutes for a normal request (its urgent target does not matter here).
    const levels: ServiceLevels = {
      ...DEFAULT_SERVICE_LEVELS,
      default: { ...DEFAULT_SERVICE_LEVELS.default, normal: { firstResponseMinutes: 240, resolutionMinutes: 960 } },
      plans: {
        [enterprise.id]: {
          ...DEFAULT_SERVICE_LEVELS.default,
          normal: { firstResponseMinutes: 30, resolutionMinutes: 300 },
          urgent: { firstResponseMinutes: 5, resolutionMinutes: 60 },
        },
      },
    };
    await admin.agent.put(LEVELS).send(levels).expect(200);
    const second = await t.request().get(PATH).expect(200);
    expect(second.body).toEqual(await expected(levels));
    expect(second.body.plans[enterprise.id]).toEqual({ firstResponseMinutes: 30 });
    const professional = await seededPlan(t.db, 'Professional');
    expect(second.body.plans[professional.id]).toEqual({ firstResponseMinutes: 240 });
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers 304 to a client that has this version', async () => {
    const first = await t.request().get(PATH).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    await t.request().get(PATH).set('If-None-Match', etag).expect(304);
    await t.request().get(PATH).set('If-None-Match', '"something else"').expect(200);
  });
});
