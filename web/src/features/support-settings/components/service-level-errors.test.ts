import { describe, expect, it } from 'vitest';
import { serviceLevelsSchema } from '@shared/schemas/service-levels';
import { errorsFromIssues, placeSaveRefusal } from './service-level-errors';

const target = { firstResponseMinutes: 60, resolutionMinutes: 480 };
const policy = { low: target, normal: target, high: target, urgent: target };
const PLAN = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const OTHER_PLAN = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

describe('service level errors', () => {
  it('puts the schema refusals beside the default, a plan and the chat rows', () => {
    const parsed = serviceLevelsSchema.safeParse({
      default: { ...policy, urgent: { firstResponseMinutes: Number.NaN, resolutionMinutes: 480 } },
      plans: { [PLAN]: { ...policy, high: { firstResponseMinutes: 0, resolutionMinutes: 480 } } },
      chat: { firstResponseMinutes: Number.NaN },
    });
    expect(parsed.success).toBe(false);
    const { errors, general } = errorsFromIssues(parsed.error!.issues, ['default', 'chat', PLAN]);
    expect(Object.keys(errors).sort()).toEqual([`${PLAN}.high`, 'chat', 'default.urgent'].sort());
    expect(general).toBeNull();
  });

  it('keeps a refusal about a plan no longer shown for the whole form', () => {
    const parsed = serviceLevelsSchema.safeParse({
      default: policy,
      plans: { [OTHER_PLAN]: { ...policy, low: { firstResponseMinutes: 0, resolutionMinutes: 480 } } },
      chat: { firstResponseMinutes: 5 },
    });
    const { errors, general } = errorsFromIssues(parsed.error!.issues, ['default', 'chat']);
    expect(errors).toEqual({});
    expect(general).toEqual(expect.any(String));
  });

  it('places the API refusal by its path, or above the form when it names no row', () => {
    const scopes = ['default', 'chat', PLAN];
    expect(placeSaveRefusal(`plans.${PLAN}.urgent.resolutionMinutes: Too long`, scopes)).toEqual({
      errors: { [`${PLAN}.urgent`]: 'Too long' },
      general: null,
    });
    expect(placeSaveRefusal('chat.firstResponseMinutes: Too short', scopes)).toEqual({
      errors: { chat: 'Too short' },
      general: null,
    });
    expect(placeSaveRefusal('Plan 12 does not exist', scopes)).toEqual({
      errors: {},
      general: 'Plan 12 does not exist',
    });
  });
});
