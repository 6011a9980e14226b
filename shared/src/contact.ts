/**
 * What the contact page needs without a validation library: the service
 * options, the field limits, the honeypot and the empty form. The contact
 * page paints and hydrates without zod; its schema (./schemas/contact.ts,
 * which re-exports all of this) loads when the visitor starts filling the form.
 */

/** Spec §5: the nine choices of "Service Interested In", in this order. */
export const serviceOptions = [
  'Network Engineering & Security',
  'Field IT Services',
  'Low Voltage Cabling',
  'Cybersecurity Solutions',
  'Cloud & Virtualization',
  'Ekahau Partner Services',
  'AI & Automation',
  'Technology Procurement',
  'General Inquiry',
] as const;
export type ServiceOption = (typeof serviceOptions)[number];

export function isServiceOption(value: unknown): value is ServiceOption {
  return typeof value === 'string' && (serviceOptions as readonly string[]).includes(value);
}

/** Caps the database never needs to go beyond; the form enforces them with maxLength too. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  company: 150,
  message: 5000,
} as const;

/**
 * The honeypot: a field people never see. A bot that fills it gets the normal
 * success answer and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';

/** The contact form's fields, as typed (spec §3: all strings, starting empty). */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  [HONEYPOT_FIELD]: string;
}

/** What the form starts with and resets to. */
export const emptyEnquiry: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  service: '',
  message: '',
  [HONEYPOT_FIELD]: '',
};
