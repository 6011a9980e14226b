import type { Knex } from 'knex';
import { DEFAULT_SERVICE_LEVELS, serviceLevelsSchema, type ServiceLevels } from '@shared/schemas/service-levels';
import { BadRequest } from '../../errors';
import { defineSetting, readSetting } from '../settings/settings.service';

/** The service-level targets (decision 192): the default policy, per-plan policies, the chat's first response. */
export const serviceLevelsSetting = defineSetting('service_levels', serviceLevelsSchema, DEFAULT_SERVICE_LEVELS);

export function readServiceLevels(db: Knex | Knex.Transaction): Promise<ServiceLevels> {
  return readSetting(db, serviceLevelsSetting);
}

/** A policy may name only plans that exist: 400 naming the first unknown id. */
export async function checkPlanIds(db: Knex | Knex.Transaction, levels: ServiceLevels): Promise<void> {
  const ids = Object.keys(levels.plans);
  if (ids.length === 0) return;
  const known = new Set(
    ((await db('subscription_plans').select('id').whereIn('id', ids)) as { id: string }[]).map((row) => row.id),
  );
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw new BadRequest(`plans: ${unknown} is not a subscription plan`);
}
