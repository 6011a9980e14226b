import { z } from 'zod';
import { optionalEmailAddress, optionalSingleLine } from './text';
import { staffRoles } from '../staff-roles';

const USERNAME_MIN = 3;
const USERNAME_MAX = 50;
const PASSWORD_MIN = 6;
// scrypt's cost grows with input; cap it so a login can't be used to burn CPU.
export const PASSWORD_MAX = 200;

const username = z
  .string()
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores');

/** A password being chosen: the spec's rules and messages (the API also refuses the most common ones). */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signupSchema = z
  .object({
    username,
    password: newPassword,
    email: optionalEmailAddress,
    firstName: optionalSingleLine(100, 'First name'),
    lastName: optionalSingleLine(100, 'Last name'),
  })
  .strict();
export type SignupData = z.output<typeof signupSchema>;

export const loginSchema = z
  .object({
    username: z.string().trim().min(1, 'Username is required').max(USERNAME_MAX, 'Invalid username or password'),
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid username or password'),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

export const accountTypes = ['client', 'staff'] as const;
export type AccountType = (typeof accountTypes)[number];

/** The user as the API shows it to its owner. Never carries the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accountType: z.enum(accountTypes),
  /** A staff account's role (what the console shows it: shared/src/staff-roles.ts); null for clients. */
  staffRole: z.enum(staffRoles).nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Where to go after login: only same-site absolute paths, never another origin. */
export function safeNextPath(value: unknown, fallback = '/portal'): string {
  if (typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a path
  if (value.length > 500 || /[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

/**
 * The desktop staff console logs in with this header and gets a bearer
 * session token in the answer instead of a cookie (decision 050).
 */
export const SESSION_TRANSPORT_HEADER = 'X-Session-Transport';
export const TOKEN_TRANSPORT = 'token';

/** POST /api/login's answer to a client that asked for a token. */
export const tokenLoginAnswerSchema = publicUserSchema.extend({ sessionToken: z.string().min(1) });
