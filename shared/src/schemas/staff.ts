import { z } from 'zod';
import { staffRoles } from '../staff-roles';
import { newPassword, signupSchema } from './auth';
import { emailAddress } from './text';

/** Invitation links stay valid this long (issue 24). */
export const INVITATION_TTL_DAYS = 7;

const staffRole = z.enum(staffRoles, { error: `role must be one of ${staffRoles.join(', ')}` });

/** A staff member as GET /api/admin/staff lists them. */
export interface StaffMember {
  id: string;
  /** First and last name, when the account has them. */
  name: string | null;
  username: string;
  email: string | null;
  role: (typeof staffRoles)[number];
  active: boolean;
  twoFactor: boolean;
  lastSignInAt: string | null;
}

/** PATCH /api/admin/staff/:id: a new role, (de)activation, or both. */
export const updateStaffMemberSchema = z
  .object({ role: staffRole.optional(), active: z.boolean({ error: 'active must be true or false' }).optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.active !== undefined, {
    message: 'Give a role, active, or both',
  });
export type UpdateStaffMemberInput = z.input<typeof updateStaffMemberSchema>;

/** POST /api/admin/staff/invitations */
export const createInvitationSchema = z.object({ email: emailAddress, role: staffRole }).strict();
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** A pending invitation, as the console lists it (never its token). */
export interface StaffInvitation {
  id: string;
  email: string;
  role: (typeof staffRoles)[number];
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

// Tokens are 32 random bytes in base64url (43 characters); anything else is not one of ours.
const invitationToken = z
  .string({ error: 'token is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is incomplete: copy the whole link from the email.');

/** GET /api/invitations?token=… (the token stays out of the path, which the request log records). */
export const invitationLookupSchema = z.object({ token: invitationToken }).strict();

/** What the accept page shows about its invitation. */
export interface InvitationPreview {
  email: string;
  role: (typeof staffRoles)[number];
  expiresAt: string;
}

/** POST /api/invitations/accept: the username and password rules are sign-up's. */
export const acceptInvitationSchema = z
  .object({ token: invitationToken, username: signupSchema.shape.username, password: newPassword })
  .strict();
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** The accept page's form: username, and the password twice. */
export const acceptInvitationFormSchema = z
  .object({ username: signupSchema.shape.username, password: newPassword, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
