import type { ReactElement } from 'react';

/** What every template may use besides its data. */
export interface MailContext {
  /** The absolute address of a path on the site, built from PUBLIC_URL: links in mails always work. */
  url(path: string): string;
}

/**
 * One kind of email: a React component for the body (the layout around it is
 * shared), its subject, and the line in the footer that says why the
 * recipient gets it. The plain-text part is made from the same HTML.
 */
export interface MailTemplate<Data> {
  subject(data: Data): string;
  /** The inbox preview line; the subject when absent. */
  preview?(data: Data): string;
  /** Why the recipient gets this mail (the footer). */
  reason: string;
  Body(props: { data: Data; ctx: MailContext }): ReactElement;
}

/** Declares a template with its data type (inferred from `Body`). */
export function defineTemplate<Data>(template: MailTemplate<Data>): MailTemplate<Data> {
  return template;
}
