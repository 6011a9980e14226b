import { z } from 'zod';
import { newPassword, PASSWORD_MAX, publicUserSchema } from './auth';
import { emailAddress, optionalEmailAddress, optionalSingleLine } from './text';

/** Refused by the API when a password is on the list of the most common ones. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';

/** Links sent by email (password reset, email confirmation) stay valid this long. */
export const ACCOUNT_TOKEN_TTL_MINUTES = 60;

// Tokens are 32 random bytes in base64url (43 characters); anything else is not one of ours.
const token = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid. Please use the latest link we emailed you.');

/** POST /api/auth/password-reset/request */
export const passwordResetRequestSchema = z
  .object({
    login: z
      .string()
      .trim()
      .min(1, 'Enter your username or email address')
      .max(254, 'Enter your username or email address'),
  })
  .strict();
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.object({ token, password: newPassword }).strict();
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

/** The reset-password form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** POST /api/auth/password */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, 'Current password is incorrect'),
    newPassword,
  })
  .strict();
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password form: the new password twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((data) => data.newPassword === data.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/**
 * PATCH /api/auth/user: the fields given change. Names take effect at once;
 * a new email only once confirmed through the link sent to it ("" or null
 * removes the email).
 */
export const updateProfileSchema = z
  .object({
    firstName: optionalSingleLine(100, 'First name'),
    lastName: optionalSingleLine(100, 'Last name'),
    email: optionalEmailAddress,
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** The profile form: names, and the email to use. */
export const profileFormSchema = z.object({
  firstName: optionalSingleLine(100, 'First name'),
  lastName: optionalSingleLine(100, 'Last name'),
  email: z.union([z.literal(''), emailAddress]),
});

/** POST /api/auth/email-change/confirm */
export const emailChangeConfirmSchema = z.object({ token }).strict();

/** GET /api/auth/account and PATCH /api/auth/user: the user as on the Account page. */
export const accountSchema = publicUserSchema.extend({
  /** A new email waiting for confirmation through the link sent to it. */
  pendingEmail: z.string().nullable(),
  /** The current email was confirmed through a link mailed to it (what anything matched by email requires). */
  emailVerified: z.boolean(),
  /** Two-factor sign-in is on (decision 169). */
  twoFactorEnabled: z.boolean(),
  /** The account may not go without it (admins): the console sends it to set it up. */
  twoFactorRequired: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** The answer of calls that only report success. */
export interface MessageAnswer {
  message: string;
}
