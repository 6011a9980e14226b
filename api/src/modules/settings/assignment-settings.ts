import type { Knex } from 'knex';
import {
  assignmentSettingsSchema,
  DEFAULT_ASSIGNMENT_SETTINGS,
  type AssignmentSettings,
} from '@shared/schemas/assignment';
import { defineSetting, readSetting } from './settings.service';

/**
 * Automatic assignment's setting (issue 26, decision 187):
 * `GET/PUT /api/admin/settings/assignment` `{ autoAssign, capacity, offlineGraceMinutes }`.
 */
export const assignmentSetting = defineSetting('assignment', assignmentSettingsSchema, DEFAULT_ASSIGNMENT_SETTINGS);

export function readAssignmentSettings(db: Knex | Knex.Transaction): Promise<AssignmentSettings> {
  return readSetting(db, assignmentSetting);
}
