import type { Knex } from 'knex';
import type { CannedReply, CreateCannedReply, UpdateCannedReply } from '@shared/schemas/canned-replies';
import { isUuid } from '@shared/schemas/text';
import { toIso } from '../../db/instants';
import { Conflict, NotFound } from '../../errors';
import { assertMay } from '../../middleware/current-user';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import type { User } from '../users/user.model';

/**
 * Canned replies (issue 26, decision 188): shared ones (no owner; every staff
 * member who answers customers sees them, admins write them) and personal
 * ones (their owner only: anyone else is told 404, as for a reply that does
 * not exist). A shortcut is unique among the shared replies and among one
 * person's; a personal reply may reuse a shared shortcut (the picker shows
 * both). Every change is audited.
 */

interface CannedReplyRow {
  id: string;
  ownerId: string | null;
  shortcut: string;
  title: string;
  body: string;
  updatedAt: Date;
}

const COLUMNS = ['id', 'ownerId', 'shortcut', 'title', 'body', 'updatedAt'] as const;

function toCannedReply(row: CannedReplyRow, caller: User): CannedReply {
  const shared = row.ownerId === null;
  return {
    id: row.id,
    shortcut: row.shortcut,
    title: row.title,
    body: row.body,
    shared,
    ownerId: row.ownerId,
    editable: shared ? caller.may('canned_replies.shared') : row.ownerId === caller.id,
    updatedAt: toIso(row.updatedAt),
  };
}

const auditValues = (row: Pick<CannedReplyRow, 'ownerId' | 'shortcut' | 'title' | 'body'>) => ({
  shortcut: row.shortcut,
  title: row.title,
  body: row.body,
  shared: row.ownerId === null,
  ownerId: row.ownerId,
});

/** The shared replies and the caller's own, by shortcut (shared first on a tie). */
export async function listCannedReplies(db: Knex, caller: User): Promise<CannedReply[]> {
  const rows = await db('canned_replies')
    .where((where) => where.whereNull('ownerId').orWhere({ ownerId: caller.id }))
    .orderBy([{ column: 'shortcut' }, { column: 'ownerId', order: 'desc', nulls: 'first' }, { column: 'id' }])
    .select<CannedReplyRow[]>(...COLUMNS);
  return rows.map((row) => toCannedReply(row, caller));
}

/** A unique-index violation as the 409 that names the clash. */
async function refusingDuplicates<T>(shortcut: string, shared: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw new Conflict(
        shared
          ? `A shared reply already uses the shortcut /${shortcut}`
          : `You already have a reply with the shortcut /${shortcut}`,
      );
    }
    throw err;
  }
}

export async function createCannedReply(
  db: Knex,
  caller: User,
  actor: AuditActor,
  input: CreateCannedReply,
): Promise<CannedReply> {
  if (input.shared) assertMay(caller, 'canned_replies.shared');
  const ownerId = input.shared ? null : caller.id;
  return refusingDuplicates(input.shortcut, input.shared, () =>
    db.transaction(async (trx) => {
      const [row] = await trx('canned_replies')
        .insert({ ownerId, shortcut: input.shortcut, title: input.title, body: input.body, createdById: caller.id })
        .returning<CannedReplyRow[]>(COLUMNS as unknown as string[]);
      await recordAudit(trx, actor, {
        action: 'canned_reply.created',
        recordType: 'canned_reply',
        recordId: row!.id,
        before: null,
        after: auditValues(row!),
      });
      return toCannedReply(row!, caller);
    }),
  );
}

/** The reply, locked, if the caller may see it: shared, or their own (anyone else's is 404). */
async function visibleReply(trx: Knex.Transaction, id: string, caller: User): Promise<CannedReplyRow> {
  const row = isUuid(id)
    ? await trx('canned_replies')
        .where({ id })
        .forUpdate()
        .first<CannedReplyRow | undefined>(...COLUMNS)
    : undefined;
  if (!row || (row.ownerId !== null && row.ownerId !== caller.id)) throw new NotFound('Canned reply not found');
  return row;
}

/**
 * Changes a reply. A shared reply, or making a reply shared or personal, needs
 * `canned_replies.shared`; a shared reply made personal becomes the caller's.
 */
export async function updateCannedReply(
  db: Knex,
  id: string,
  caller: User,
  actor: AuditActor,
  change: UpdateCannedReply,
): Promise<CannedReply> {
  return db.transaction(async (trx) => {
    const before = await visibleReply(trx, id, caller);
    const wasShared = before.ownerId === null;
    const shared = change.shared ?? wasShared;
    if (wasShared || shared) assertMay(caller, 'canned_replies.shared');
    const ownerId = shared ? null : wasShared ? caller.id : before.ownerId;
    const shortcut = change.shortcut ?? before.shortcut;
    const [row] = await refusingDuplicates(shortcut, shared, () =>
      trx('canned_replies')
        .where({ id: before.id })
        .update({
          ownerId,
          shortcut,
          title: change.title ?? before.title,
          body: change.body ?? before.body,
          updatedAt: trx.fn.now(),
        })
        .returning<CannedReplyRow[]>(COLUMNS as unknown as string[]),
    );
    await recordAudit(trx, actor, {
      action: 'canned_reply.updated',
      recordType: 'canned_reply',
      recordId: before.id,
      before: auditValues(before),
      after: auditValues(row!),
    });
    return toCannedReply(row!, caller);
  });
}

export async function deleteCannedReply(db: Knex, id: string, caller: User, actor: AuditActor): Promise<void> {
  await db.transaction(async (trx) => {
    const before = await visibleReply(trx, id, caller);
    if (before.ownerId === null) assertMay(caller, 'canned_replies.shared');
    await trx('canned_replies').where({ id: before.id }).delete();
    await recordAudit(trx, actor, {
      action: 'canned_reply.deleted',
      recordType: 'canned_reply',
      recordId: before.id,
      before: auditValues(before),
      after: null,
    });
  });
}
