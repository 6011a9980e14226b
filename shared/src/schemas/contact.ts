import { z } from 'zod';
import { emailAddress, multiLine, optionalSingleLine, singleLine } from './text';

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

export const contactMessageSchema = z
  .object({
    name: singleLine(CONTACT_LIMITS.name, 'Full name').min(1, 'Full name is required'),
    email: emailAddress,
    phone: optionalSingleLine(CONTACT_LIMITS.phone, 'Phone number'),
    company: optionalSingleLine(CONTACT_LIMITS.company, 'Company name'),
    // Input is any string (the form starts with ""), output one of the nine options.
    service: z.string().pipe(z.enum(serviceOptions, { error: 'Please choose one of the listed services' })),
    message: multiLine(CONTACT_LIMITS.message, 'Message').min(1, 'Message is required'),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .strict();
type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessageData = z.output<typeof contactMessageSchema>;

/** What the form starts with and resets to (spec §3: all strings start empty). */
export const emptyContactMessage: Required<ContactMessageInput> = {
  name: '',
  email: '',
  phone: '',
  company: '',
  service: '',
  message: '',
  [HONEYPOT_FIELD]: '',
};

const CONTACT_PAGE_SIZE_DEFAULT = 20;
const CONTACT_PAGE_SIZE_MAX = 100;

/** GET /api/admin/contact-messages?page=&pageSize= */
export const contactMessageListQuerySchema = z
  .object({
    page: z.coerce.number().int('page must be a whole number').min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int('pageSize must be a whole number')
      .min(1)
      .max(CONTACT_PAGE_SIZE_MAX)
      .default(CONTACT_PAGE_SIZE_DEFAULT),
  })
  .strict();
export type ContactMessageListQuery = z.output<typeof contactMessageListQuerySchema>;

export interface ContactMessageView {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  service: string;
  message: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface ContactMessagePage {
  messages: ContactMessageView[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
