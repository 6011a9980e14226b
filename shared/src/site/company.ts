import type { BusinessHours } from './business-hours';

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
  /** Spec §9 business hours: the contact page and the chat widget's away mode show them. */
  hours: BusinessHours;
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
  hours: {
    timeZone: 'America/Chicago',
    timeZoneLabel: 'Central Time',
    periods: [
      { label: 'Monday – Friday', days: [1, 2, 3, 4, 5], opens: '08:00', closes: '18:00' },
      { label: 'Saturday', days: [6], opens: '09:00', closes: '14:00' },
      { label: 'Sunday', days: [0], opens: null, closes: null },
    ],
    note: '24/7 emergency support for enterprise clients',
  },
};

export function formatAddressLines(profile: CompanyProfile = company): [string, string] {
  const { street, locality, region, postalCode } = profile.address;
  return [street, `${locality}, ${region} ${postalCode}`];
}
