import { contactAcknowledgement } from './contact-acknowledgement';
import { emailChange } from './email-change';
import { passwordReset } from './password-reset';
import { staffNewEnquiry } from './staff-new-enquiry';
import type { MailTemplate } from './template';
import { welcome } from './welcome';

/** Every kind of mail the product sends, by the name the outbox stores. */
export const mailTemplates = {
  welcome,
  'password-reset': passwordReset,
  'email-change': emailChange,
  'contact-acknowledgement': contactAcknowledgement,
  'staff-new-enquiry': staffNewEnquiry,
} as const;

export type MailTemplateName = keyof typeof mailTemplates;

/** The data a template is rendered from. */
export type MailData<Name extends MailTemplateName> =
  (typeof mailTemplates)[Name] extends MailTemplate<infer Data> ? Data : never;
