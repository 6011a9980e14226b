import { z } from 'zod';
import { emailAddress, multiLine, optionalSingleLine, singleLine } from './text';

import { CONTACT_LIMITS, HONEYPOT_FIELD, serviceOptions } from '../contact';

export {
  CONTACT_LIMITS,
  emptyEnquiry,
  HONEYPOT_FIELD,
  isServiceOption,
  serviceOptions,
  type ContactFormValues,
  type ServiceOption,
} from '../contact';

export const enquirySchema = z
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
export type EnquirySubmission = z.output<typeof enquirySchema>;

const CONTACT_PAGE_SIZE_DEFAULT = 20;
const CONTACT_PAGE_SIZE_MAX = 100;

/** GET /api/admin/contact-messages?page=&pageSize= */
export const enquiryNumberedPageQuerySchema = z
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
export type EnquiryNumberedPageQuery = z.output<typeof enquiryNumberedPageQuerySchema>;

export interface EnquiryView {
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

export interface EnquiryNumberedPage {
  messages: EnquiryView[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
