import { render, toPlainText } from '@react-email/render';
import { EmailLayout } from './templates/layout';
import { mailTemplates, type MailTemplateName } from './templates';
import type { MailContext, MailTemplate } from './templates/template';

// Headings as written (html-to-text shouts them in capitals by default).
const plainTextOptions = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
  ],
};

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Links in mails: absolute, on the site's public address. */
export function mailContext(publicUrl: string): MailContext {
  const origin = publicUrl.replace(/\/+$/, '');
  return { url: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}` };
}

/**
 * A stored mail's template and data as the message to send: the subject, the
 * HTML and its plain-text twin (made from the same HTML, links written out).
 */
export async function renderMail(template: string, data: unknown, ctx: MailContext): Promise<RenderedMail> {
  if (!Object.hasOwn(mailTemplates, template)) throw new Error(`Unknown mail template "${template}"`);
  // The outbox stored this data for this template (enqueueMail is typed by template).
  const { subject, preview, reason, Body } = mailTemplates[template as MailTemplateName] as MailTemplate<unknown>;
  const title = subject(data);
  const html = await render(
    <EmailLayout preview={preview?.(data) ?? title} reason={reason} homeUrl={ctx.url('/')}>
      <Body data={data} ctx={ctx} />
    </EmailLayout>,
  );
  return { subject: title, html, text: toPlainText(html, plainTextOptions) };
}
