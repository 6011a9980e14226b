import type { MailData, MailTemplateName } from './templates';

/**
 * The secrets a mail carries: the tokens of links that act without a login
 * (reset a password, confirm an address, confirm a consultation). Each
 * template that has such a link declares it here, so a mail carries its
 * secrets however it is enqueued; the outbox never shows them to staff in
 * production, and removes them from what it keeps once the mail is delivered
 * (docs/decisions/153-secrets-in-the-outbox.md). Plain data only: the
 * templates themselves (React Email) load with the first mail rendered.
 */
const templateSecrets: { [Name in MailTemplateName]?: (data: MailData<Name>) => (string | undefined)[] } = {
  'password-reset': (data) => [data.token],
  'email-change': (data) => [data.token],
  'email-verification': (data) => [data.token],
  welcome: (data) => [data.verifyToken],
  'consultation-proposed': (data) => [data.confirmToken],
  'staff-invitation': (data) => [data.token],
  'quote-sent': (data) => [data.token],
  'quote-reminder': (data) => [data.token],
  'quote-accepted': (data) => [data.token],
};

/** The secrets of a mail of this template with this data (besides any the caller names). */
export function secretsOfMail<Name extends MailTemplateName>(template: Name, data: MailData<Name>): string[] {
  const declared = templateSecrets[template] as ((data: MailData<Name>) => (string | undefined)[]) | undefined;
  return (declared?.(data) ?? []).filter((secret): secret is string => typeof secret === 'string' && secret !== '');
}

/**
 * `value` with every secret replaced, as written and as written in a link
 * (percent-encoded) or in HTML (entities): a token may appear in any of them.
 */
export function redactSecrets<T extends string | null>(value: T, secrets: readonly string[], replacement: string): T {
  if (value === null || secrets.length === 0) return value;
  let result: string = value;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = new Set([
      secret,
      encodeURIComponent(secret),
      escapeHtml(secret),
      escapeHtml(encodeURIComponent(secret)),
    ]);
    for (const form of forms) result = result.replaceAll(form, replacement);
  }
  return result as T;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
