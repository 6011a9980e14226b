import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  INVITATION_TTL_DAYS,
  type AcceptInvitationInput,
  type InvitationPreview,
  type StaffInvitation,
} from '@shared/schemas/staff';
import { staffRoleLabels, type StaffRole } from '@shared/staff-roles';
import { Conflict, Gone, NotFound } from '../../errors';
import { auditActorOf, recordAudit, type AuditActor } from '../audit/audit-log';
import { assertUncommonPassword } from '../auth/common-passwords';
import { enqueueMail } from '../mail/outbox';
import { recordSignIn } from '../users/staff-accounts';
import type { User } from '../users/user.model';
import { createUser, findUserByEmail } from '../users/users.service';

/**
 * Invitations to join the staff (decision 170): an admin names an address and
 * a role; the address gets a single-use link, valid for 7 days, where the
 * person chooses a username and password and is signed in. The table keeps
 * the SHA-256 of the link's token, never the token.
 */
export const INVITATION_MESSAGES = {
  unknown: 'This invitation link is not valid. Check that you opened the whole link from the email.',
  accepted:
    'This invitation has already been used. If it was you, log in with the username and password you chose; otherwise ask an administrator for a new invitation.',
  revoked: 'This invitation has been withdrawn. Ask an administrator for a new one if you still need access.',
  expired: `This invitation has expired (links work for ${INVITATION_TTL_DAYS} days). Ask an administrator to invite you again.`,
  staffAccount: 'This email address already belongs to a staff account.',
  clientAccount:
    'This email address belongs to a client account. Invite another address, or make that account staff with npm run user:role.',
  pending: 'This address already has a pending invitation: revoke it first to send a new one.',
  notFound: 'Invitation not found',
  alreadyAccepted: 'This invitation has been accepted: deactivate the account instead.',
} as const;

interface InvitationRow {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function toStaffInvitation(row: InvitationRow & { invitedByName: string | null }): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByName,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
  };
}

/** Whether the invitation can still be accepted: else why not, as the 410 says it. */
function refusal(row: InvitationRow): string | null {
  if (row.acceptedAt) return INVITATION_MESSAGES.accepted;
  if (row.revokedAt) return INVITATION_MESSAGES.revoked;
  if (new Date(row.expiresAt).getTime() <= Date.now()) return INVITATION_MESSAGES.expired;
  return null;
}

const pending = (db: Knex) =>
  db('staff_invitations').whereNull('acceptedAt').whereNull('revokedAt').where('expiresAt', '>', db.fn.now());

/**
 * Invites an address: one pending invitation per address, none for an address
 * that already has an account (409). The mail is written in the same
 * transaction (the outbox), with the link on the site's public address.
 */
export async function createInvitation(
  db: Knex,
  inviter: { user: User; actor: AuditActor },
  input: { email: string; role: StaffRole },
): Promise<StaffInvitation> {
  return db.transaction(async (trx) => {
    // Two invitations of one address at once: the second waits here, then sees the first.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`staff-invitation:${input.email.toLowerCase()}`]);
    const account = await findUserByEmail(trx, input.email);
    if (account) {
      throw new Conflict(account.isStaff ? INVITATION_MESSAGES.staffAccount : INVITATION_MESSAGES.clientAccount);
    }
    if (await pending(trx).whereRaw('lower(email) = lower(?)', [input.email]).first('id')) {
      throw new Conflict(INVITATION_MESSAGES.pending);
    }
    const token = randomBytes(32).toString('base64url');
    const [row] = await trx('staff_invitations')
      .insert({
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: inviter.user.id,
        expiresAt: trx.raw('now() + make_interval(days => ?)', [INVITATION_TTL_DAYS]),
      })
      .returning<InvitationRow[]>(['id', 'email', 'role', 'invitedBy', 'createdAt', 'expiresAt']);
    const invitation = row!;
    await enqueueMail(trx, {
      template: 'staff-invitation',
      to: invitation.email,
      data: {
        invitedBy: inviter.user.displayName,
        role: staffRoleLabels[invitation.role],
        token,
        validDays: INVITATION_TTL_DAYS,
        twoFactorRequired: invitation.role === 'admin',
      },
      idempotencyKey: `staff-invitation:${invitation.id}`,
    });
    await recordAudit(trx, inviter.actor, {
      action: 'staff.invited',
      recordType: 'staff_invitation',
      recordId: invitation.id,
      after: {
        email: invitation.email,
        role: invitation.role,
        expiresAt: new Date(invitation.expiresAt).toISOString(),
      },
    });
    return toStaffInvitation({ ...invitation, invitedByName: inviter.user.username });
  });
}

/** The invitations still waiting to be accepted, newest first. */
export async function listPendingInvitations(db: Knex): Promise<StaffInvitation[]> {
  const rows = await pending(db)
    .leftJoin('users', 'users.id', 'staff_invitations.invitedBy')
    .orderBy('staff_invitations.createdAt', 'desc')
    .select<(InvitationRow & { invitedByName: string | null })[]>(
      'staff_invitations.*',
      'users.username as invitedByName',
    );
  return rows.map(toStaffInvitation);
}

/** Withdraws an invitation: its link answers 410 from now on. Revoking twice changes nothing more. */
export async function revokeInvitation(db: Knex, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await trx('staff_invitations').where({ id }).forUpdate().first<InvitationRow | undefined>();
    if (!row) throw new NotFound(INVITATION_MESSAGES.notFound);
    if (row.acceptedAt) throw new Conflict(INVITATION_MESSAGES.alreadyAccepted);
    if (row.revokedAt) return;
    await trx('staff_invitations').where({ id }).update({ revokedAt: trx.fn.now() });
    await recordAudit(trx, actor, {
      action: 'staff.invitation_revoked',
      recordType: 'staff_invitation',
      recordId: id,
      before: { email: row.email, role: row.role, status: 'pending' },
      after: { email: row.email, role: row.role, status: 'revoked' },
    });
  });
}

async function invitationByToken(db: Knex, token: string, options: { forUpdate?: boolean } = {}) {
  const query = db('staff_invitations').where({ tokenHash: hashToken(token) });
  if (options.forUpdate) query.forUpdate();
  const row = await query.first<InvitationRow | undefined>();
  if (!row) throw new NotFound(INVITATION_MESSAGES.unknown);
  const refused = refusal(row);
  if (refused) throw new Gone(refused);
  return row;
}

/** What the accept page shows: the address and role. 404 for an unknown link, 410 for a used, revoked or expired one. */
export async function previewInvitation(db: Knex, token: string): Promise<InvitationPreview> {
  const row = await invitationByToken(db, token);
  return { email: row.email, role: row.role, expiresAt: new Date(row.expiresAt).toISOString() };
}

/**
 * Accepts an invitation: the staff account, with the invited address (proven
 * by the link) and role, in one transaction that holds the invitation's row
 * lock, so two accepts of one link (a replay, a double click) make one
 * account; the second answers 410. The caller starts the session.
 */
export async function acceptInvitation(
  db: Knex,
  ctx: Parameters<typeof auditActorOf>[0],
  input: Pick<AcceptInvitationInput, 'token' | 'username' | 'password'>,
): Promise<User> {
  await assertUncommonPassword(input.password, 'password');
  return db.transaction(async (trx) => {
    const invitation = await invitationByToken(trx, input.token, { forUpdate: true });
    const user = await createUser(trx, {
      username: input.username,
      password: input.password,
      email: invitation.email,
      emailVerified: true,
      accountType: 'staff',
      staffRole: invitation.role,
    });
    await trx('staff_invitations')
      .where({ id: invitation.id })
      .update({ acceptedAt: trx.fn.now(), acceptedUserId: user.id });
    await recordSignIn(trx, user.id);
    await recordAudit(trx, auditActorOf(ctx, user), {
      action: 'staff.invitation_accepted',
      recordType: 'staff_invitation',
      recordId: invitation.id,
      after: { userId: user.id, username: user.username, email: invitation.email, role: invitation.role },
    });
    return user;
  });
}
