import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { User } from '../users/user.model';

/**
 * Who did something: the signed-in staff member and the address the request
 * came from, or a named system actor (a command run from a terminal, a
 * maintenance task). Kept by value in each row, so a row outlives the account.
 */
export interface AuditActor {
  id: string | null;
  name: string;
  role: string | null;
  ip: string | null;
}

export function auditActorOf(ctx: Context, user: User | null = ctx.state.user ?? null): AuditActor {
  return {
    id: user?.id ?? null,
    name: user?.username ?? 'anonymous',
    role: user ? (user.staffRole ?? user.accountType) : null,
    ip: ctx.ip || null,
  };
}

export function systemActor(name: string): AuditActor {
  return { id: null, name, role: 'system', ip: null };
}

export interface AuditEntry {
  /** What happened, as `record.verb`: `refund.created`, `product.updated`, `staff.invited`, `login.failed`… */
  action: string;
  recordType?: string | null;
  recordId?: string | number | null;
  /** The record's values before and after the change (only what changed is enough); never secrets. */
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to the audit log (migrations/20261126190100_create-audit-log.ts).
 * Call it with the transaction that makes the change, so the row exists
 * exactly when the change does. The table refuses updates and deletes.
 */
export async function recordAudit(db: Knex, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    actor_id: actor.id,
    actor_name: actor.name,
    actor_role: actor.role,
    ip: actor.ip,
    action: entry.action,
    record_type: entry.recordType ?? null,
    record_id: entry.recordId == null ? null : String(entry.recordId),
    // No value is SQL null (never JSON `null`, which a backup's restore could not tell apart from it).
    before: entry.before == null ? null : JSON.stringify(entry.before),
    after: entry.after == null ? null : JSON.stringify(entry.after),
  });
}

/** Appends several rows by one actor in one statement (a batch of automatic changes), as recordAudit each. */
export async function recordAudits(db: Knex, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db('audit_log').insert(
    entries.map((entry) => ({
      actor_id: actor.id,
      actor_name: actor.name,
      actor_role: actor.role,
      ip: actor.ip,
      action: entry.action,
      record_type: entry.recordType ?? null,
      record_id: entry.recordId == null ? null : String(entry.recordId),
      before: entry.before == null ? null : JSON.stringify(entry.before),
      after: entry.after == null ? null : JSON.stringify(entry.after),
    })),
  );
}

/**
 * The fields of `keys` whose values differ between two versions of a record, as the `before` and `after` of an
 * audit row: only what changed, so a row reads as the change it records. Null on both sides when nothing did.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length === 0 ? { before: null, after: null } : { before: was, after: now };
}
