import { company, type CompanyProfile } from './company';

/**
 * schema.org JSON-LD for search engines, built from the company profile.
 * `origin` is the site's public origin (the prerenderer passes the
 * %PUBLIC_URL% token, which the server fills in).
 */
type JsonLd = Record<string, unknown>;

function postalAddress(profile: CompanyProfile): JsonLd {
  return {
    '@type': 'PostalAddress',
    streetAddress: profile.address.street,
    addressLocality: profile.address.locality,
    addressRegion: profile.address.region,
    postalCode: profile.address.postalCode,
    addressCountry: profile.address.country,
  };
}

function contactPoints(profile: CompanyProfile): JsonLd[] {
  return [
    {
      '@type': 'ContactPoint',
      contactType: 'sales',
      email: profile.salesEmail,
      telephone: profile.phoneE164,
      areaServed: 'US',
      availableLanguage: 'English',
    },
    {
      '@type': 'ContactPoint',
      contactType: 'technical support',
      email: profile.supportEmail,
      telephone: profile.phoneE164,
      areaServed: 'US',
      availableLanguage: 'English',
    },
  ];
}

/** What every description of the business shares. */
function businessBasics(type: string, id: string, origin: string, profile: CompanyProfile): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': id,
    name: profile.name,
    description: profile.tagline,
    url: `${origin}/`,
    email: profile.email,
    telephone: profile.phoneE164,
    address: postalAddress(profile),
  };
}

export function organizationJsonLd(origin: string, profile: CompanyProfile = company): JsonLd {
  return {
    ...businessBasics('Organization', `${origin}/#organization`, origin, profile),
    legalName: profile.legalName,
    logo: `${origin}/favicon.svg`,
    foundingDate: String(profile.foundedYear),
    contactPoint: contactPoints(profile),
    sameAs: profile.social.map((link) => link.href),
  };
}

/** schema.org day names, indexed like Date#getDay (0 = Sunday). */
const SCHEMA_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function localBusinessJsonLd(origin: string, profile: CompanyProfile = company): JsonLd {
  return {
    ...businessBasics('LocalBusiness', `${origin}/contact#business`, origin, profile),
    image: `${origin}/favicon.svg`,
    areaServed: { '@type': 'Country', name: 'United States' },
    parentOrganization: { '@id': `${origin}/#organization` },
    openingHoursSpecification: profile.hours.periods
      .filter((period) => period.opens && period.closes)
      .map((period) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: period.days.map((day) => SCHEMA_WEEKDAYS[day]),
        opens: period.opens,
        closes: period.closes,
      })),
  };
}

/** The JSON-LD documents a page carries (spec pages / and /contact), or none. */
export function structuredDataFor(path: string, origin: string): JsonLd[] {
  if (path === '/') return [organizationJsonLd(origin)];
  if (path === '/contact') return [localBusinessJsonLd(origin)];
  return [];
}

/**
 * A <script type="application/ld+json"> element. "<" is escaped so no value
 * can close the script element early.
 */
export function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}
