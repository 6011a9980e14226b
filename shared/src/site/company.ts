/**
 * The company profile: the one place that names the business. The header,
 * footer, contact page, JSON-LD and Coming Soon pages all read it.
 *
 * The product owner withheld the real details, so these are clearly fictional
 * defaults (example.com mail, a 555 number). An operator edits this file only.
 */
export interface CompanyProfile {
  name: string;
  shortName: string;
  legalName: string;
  tagline: string;
  foundedYear: number;
  email: string;
  supportEmail: string;
  salesEmail: string;
  billingEmail: string;
  phone: string;
  /** E.164 form of `phone`, for tel: links and structured data. */
  phoneE164: string;
  address: {
    street: string;
    locality: string;
    region: string;
    postalCode: string;
    country: string;
  };
  social: { label: string; href: string }[];
  /** Opening hours (spec §9), for the contact page and structured data. */
  hours: BusinessHours[];
  /** Shown under the opening hours. */
  emergencySupport: string;
}

export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface BusinessHours {
  /** As shown to people, e.g. "Monday - Friday". */
  label: string;
  days: Weekday[];
  /** 24-hour "HH:MM", or null when closed. */
  opens: string | null;
  closes: string | null;
}

export const company: CompanyProfile = {
  name: 'Northstar IT Solutions',
  shortName: 'Northstar IT',
  legalName: 'Northstar IT Solutions, LLC',
  tagline: 'Enterprise network, security and field IT services from Minnesota, delivered nationwide.',
  foundedYear: 2017,
  email: 'hello@example.com',
  supportEmail: 'support@example.com',
  salesEmail: 'sales@example.com',
  billingEmail: 'billing@example.com',
  phone: '(612) 555-0142',
  phoneE164: '+16125550142',
  address: {
    street: '800 Washington Avenue North, Suite 400',
    locality: 'Minneapolis',
    region: 'MN',
    postalCode: '55401',
    country: 'US',
  },
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { label: 'X (Twitter)', href: 'https://x.com/example' },
    { label: 'Facebook', href: 'https://www.facebook.com/example' },
  ],
  hours: [
    {
      label: 'Monday - Friday',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '18:00',
    },
    { label: 'Saturday', days: ['Saturday'], opens: '09:00', closes: '14:00' },
    { label: 'Sunday', days: ['Sunday'], opens: null, closes: null },
  ],
  emergencySupport: '24/7 emergency support for enterprise clients',
};

/** "08:00" → "8:00 AM"; the same text on the server and in the browser (no locale involved). */
export function formatTime(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "8:00 AM - 6:00 PM", or "Closed". */
export function formatHours(hours: BusinessHours): string {
  if (!hours.opens || !hours.closes) return 'Closed';
  return `${formatTime(hours.opens)} - ${formatTime(hours.closes)}`;
}

export function formatAddressLines(profile: CompanyProfile = company): [string, string] {
  const { street, locality, region, postalCode } = profile.address;
  return [street, `${locality}, ${region} ${postalCode}`];
}
