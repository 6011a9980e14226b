import type { Knex } from 'knex';
import {
  DEFAULT_PLAN_PRIORITIES,
  planPrioritiesSchema,
  planPriority,
  type PlanPriorities,
} from '@shared/schemas/assignment';
import type { Priority } from '@shared/schemas/support';
import { BadRequest } from '../../errors';
import type { AuditActor } from '../audit/audit-log';
import { planNames } from '../subscriptions/subscriptions.service';
import { activePlanOf } from '../users/users.service';
import { defineSetting, readSetting, writeSetting } from './settings.service';

/**
 * The priority a client's plan gives their new tickets and chats (issue 26,
 * decision 186): `GET/PUT /api/admin/settings/plan-priorities`, by plan name.
 */
export const planPrioritiesSetting = defineSetting('plan_priorities', planPrioritiesSchema, DEFAULT_PLAN_PRIORITIES);

export function readPlanPriorities(db: Knex | Knex.Transaction): Promise<PlanPriorities> {
  return readSetting(db, planPrioritiesSetting);
}

/** Stores the plan priorities, every name one of the subscription plans (else 400, nothing changes). */
export async function writePlanPriorities(
  trx: Knex.Transaction,
  actor: AuditActor,
  value: PlanPriorities,
): Promise<PlanPriorities> {
  const known = new Set(await planNames(trx));
  const unknown = Object.keys(value).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BadRequest(`not a subscription plan: ${unknown.join(', ')} (plans: ${[...known].join(', ') || 'none'})`);
  }
  return writeSetting(trx, planPrioritiesSetting, actor, value);
}

/** The priority a new ticket or chat starts at: its client's active plan's, else `normal`. */
export async function defaultPriorityFor(db: Knex | Knex.Transaction, userId: string | null): Promise<Priority> {
  if (!userId) return 'normal';
  const plan = await activePlanOf(db, userId);
  if (plan === null) return 'normal';
  return planPriority(await readPlanPriorities(db), plan);
}
