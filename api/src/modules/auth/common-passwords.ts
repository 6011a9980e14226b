import { COMMON_PASSWORD_MESSAGE } from '@shared/schemas/account';
import { BadRequest } from '../../errors';

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<ReadonlySet<string>> | null = null;

/**
 * The most common passwords, most common first, from the MIT-licensed
 * @zxcvbn-ts/language-common package (installed with the server, read from
 * disk on first use, never fetched). Kept lower-case: "Password1" is as weak
 * as "password1".
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const ranked = dictionary['passwords-common'] as string[];
    return new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((entry) => entry.toLowerCase()));
  });
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** Refuses a password being chosen that is among the most common, as a 400 naming the field. */
export async function assertUncommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw new BadRequest(`${field}: ${COMMON_PASSWORD_MESSAGE}`);
}
