import type { Knex } from 'knex';
import { businessHoursSchema, DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@shared/schemas/support';
import { defineSetting, readSetting } from './settings.service';

/**
 * When the team works (issue 26): the spec's hours in Central time until an
 * admin changes them. The contact page, the chat widget's away mode, the
 * acknowledgement emails and the service-level clocks all read this one
 * setting (arithmetic in shared/src/business-time.ts).
 */
export const businessHoursSetting = defineSetting('business_hours', businessHoursSchema, DEFAULT_BUSINESS_HOURS);

export function readBusinessHours(db: Knex | Knex.Transaction): Promise<BusinessHours> {
  return readSetting(db, businessHoursSetting);
}
