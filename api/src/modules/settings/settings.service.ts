import type { Knex } from 'knex';
import type { ZodType } from 'zod';
import type { Logger } from '../../logger';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/**
 * Named settings staff change in the console (decision 183): one row of the
 * `settings` table per setting, its value as JSON. A setting is declared once
 * with its key, its zod schema and its default; values are checked on the way
 * in (a PUT) and again on the way out, so a row written by an older version
 * that no longer fits falls back to the default instead of breaking a page.
 * Reading is one primary-key lookup; nothing is cached, so every instance
 * sees a change at once.
 */
export interface SettingDefinition<T> {
  key: string;
  schema: ZodType<T>;
  defaultValue: T;
}

export function defineSetting<T>(key: string, schema: ZodType<T>, defaultValue: T): SettingDefinition<T> {
  return { key, schema, defaultValue };
}

export async function readSetting<T>(
  db: Knex | Knex.Transaction,
  setting: SettingDefinition<T>,
  logger?: Logger,
): Promise<T> {
  const row = await db('settings').where({ key: setting.key }).first<{ value: unknown } | undefined>('value');
  if (!row) return setting.defaultValue;
  const parsed = setting.schema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  logger?.warn({ setting: setting.key }, 'stored setting no longer valid; using its default');
  return setting.defaultValue;
}

/**
 * Stores a new value (already validated by the route) in the caller's
 * transaction, with an audit row of before and after. Returns the value.
 */
export async function writeSetting<T>(
  trx: Knex.Transaction,
  setting: SettingDefinition<T>,
  actor: AuditActor,
  value: T,
): Promise<T> {
  const checked = setting.schema.parse(value);
  // Lock the row (or the key's absence, through the insert) so two writers are ordered.
  const before = await trx('settings')
    .where({ key: setting.key })
    .forUpdate()
    .first<{ value: unknown } | undefined>('value');
  await trx('settings')
    .insert({ key: setting.key, value: JSON.stringify(checked), updatedAt: trx.fn.now(), updatedById: actor.id })
    .onConflict('key')
    .merge();
  await recordAudit(trx, actor, {
    action: 'setting.updated',
    recordType: 'setting',
    recordId: setting.key,
    before: before?.value ?? null,
    after: checked,
  });
  return checked;
}
