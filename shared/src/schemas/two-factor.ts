import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

/**
 * Two-factor sign-in (TOTP, RFC 6238) and recovery codes: the contract of
 * /api/account/2fa/* and of the login's second step (decision 169).
 */

/** What a 403 from a console path says to an admin who has not set up two-factor sign-in yet. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';
export const TWO_FACTOR_SETUP_MESSAGE = 'Set up two-factor sign-in first';
/** The page where an account sets up two-factor sign-in. */
export const TWO_FACTOR_PAGE = '/account/two-factor';
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the app, or a recovery code (spaces and dashes ignored). */
const code = z
  .string()
  .trim()
  .min(1, 'Enter the 6-digit code from your app or a recovery code')
  .max(64, 'That code is not valid');

export const twoFactorCodeSchema = z.object({ code }).strict();
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

export const twoFactorDisableSchema = z
  .object({
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX, 'Password is incorrect'),
    code,
  })
  .strict();
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/account/2fa/setup: a new secret, not in use until a code from it is confirmed. */
export const twoFactorSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswerSchema>;

/** POST /api/account/2fa/enable: the recovery codes, shown this once. */
export const twoFactorEnableAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswerSchema>;

/**
 * POST /api/login for an account with two-factor sign-in: nobody is signed in
 * yet. A client that asked for a token gets one for the half-done sign-in: it
 * sends it with POST /api/login/2fa, which answers like a login.
 */
export const twoFactorRequiredAnswerSchema = z.object({
  twoFactorRequired: z.literal(true),
  sessionToken: z.string().optional(),
});
export type TwoFactorRequiredAnswer = z.infer<typeof twoFactorRequiredAnswerSchema>;
