import { company } from './company';

/**
 * The company subdomains that show a Coming Soon page instead of the main site
 * (spec §1/§2). The server picks one by the request's host; the build renders
 * one static page per entry.
 */
export interface ComingSoonSite {
  /** The first label of the host name, e.g. "portal" for portal.example.com. */
  subdomain: string;
  title: string;
  description: string;
  plannedFeatures: string[];
  /** Where visitors can write in the meantime. */
  contactEmail: string;
  /** Which icon the page shows (drawn by the web app). */
  icon: 'portal' | 'support' | 'clients' | 'billing' | 'status';
}

export const comingSoonSites: readonly ComingSoonSite[] = [
  {
    subdomain: 'portal',
    icon: 'portal',
    title: 'Client Portal',
    description:
      'A dedicated workspace for our managed-services clients: every ticket, project and asset we look after for you, in one place.',
    plannedFeatures: [
      'Live status of your tickets and field-service visits',
      'Project timelines, site surveys and as-built documentation',
      'Inventory of the network equipment we manage for you',
      'Team accounts with roles for your IT staff',
    ],
    contactEmail: company.supportEmail,
  },
  {
    subdomain: 'support',
    icon: 'support',
    title: 'Support Center',
    description:
      'Self-service help for the networks, devices and cloud services we support, backed by the same engineers who built them.',
    plannedFeatures: [
      'Open and follow support tickets online',
      'Knowledge base with step-by-step guides',
      'Secure remote-support session links',
      'Escalation to the 24/7 emergency line for enterprise clients',
    ],
    contactEmail: company.supportEmail,
  },
  {
    subdomain: 'clients',
    icon: 'clients',
    title: 'Client Hub',
    description:
      'Where our project teams and yours will collaborate: onboarding, shared documents and the reviews that keep your roadmap on track.',
    plannedFeatures: [
      'Guided onboarding for new managed-services clients',
      'Shared documents, drawings and change requests',
      'Quarterly business review reports',
      'Direct messaging with your account team',
    ],
    contactEmail: company.email,
  },
  {
    subdomain: 'billing',
    icon: 'billing',
    title: 'Billing Center',
    description:
      'Invoices, payments and statements for your services and subscriptions, available whenever you need them.',
    plannedFeatures: [
      'Download invoices and statements as PDF',
      'Update payment methods and billing contacts',
      'Review subscription and contract renewals',
      'Purchase-order references for your accounts-payable team',
    ],
    contactEmail: company.billingEmail,
  },
  {
    subdomain: 'status',
    icon: 'status',
    title: 'System Status',
    description:
      'Real-time health of the services we operate for our clients, with incident updates and planned maintenance windows.',
    plannedFeatures: [
      'Live status of monitored and hosted services',
      'Incident timelines with updates from our engineers',
      'Scheduled maintenance calendar',
      'Email notifications when a service you use changes state',
    ],
    contactEmail: company.supportEmail,
  },
];

const bySubdomain = new Map(comingSoonSites.map((site) => [site.subdomain, site]));

/**
 * The Coming Soon site for a request host name (no port), or undefined for the
 * main site. The main site's own host never counts, even if it happens to
 * start with one of these labels (e.g. PUBLIC_URL=https://status.example.com).
 */
export function comingSoonSiteFor(hostname: string, mainHostname: string): ComingSoonSite | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === mainHostname.toLowerCase()) return undefined;
  const dot = host.indexOf('.');
  // A bare "portal" (no domain after it) is not a subdomain of anything.
  if (dot <= 0 || dot === host.length - 1) return undefined;
  return bySubdomain.get(host.slice(0, dot));
}

/** Where the build writes a Coming Soon page, as a URL path inside dist/web. */
export function comingSoonPagePath(site: Pick<ComingSoonSite, 'subdomain'>): string {
  return `/_coming-soon/${site.subdomain}.html`;
}
