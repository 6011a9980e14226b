import { BadgeCheck, Clock, MapPin, type LucideIcon } from 'lucide-react';
import { company } from '@shared/site/company';

export const trustBadges: { label: string; icon: LucideIcon }[] = [
  { label: 'Certified Ekahau Partner', icon: BadgeCheck },
  { label: 'Nationwide field coverage', icon: MapPin },
  { label: '24/7 enterprise support', icon: Clock },
];

/**
 * Spec §9 stats, labelled so each is true of the company profile: the company
 * was founded in `company.foundedYear` (2017), so "15+ years" is its engineers'
 * experience (the founder's fifteen years before it, on /about), not its age;
 * 4,329+ projects are all of them since founding (the 2025 timeline entry,
 * 1,200+, is that one year's).
 */
export const stats = [
  { value: '15+', label: 'Years of Engineering Experience' },
  { value: '500+', label: 'Enterprise Clients' },
  { value: '99.9%', label: 'Uptime on Managed Networks' },
  { value: '4,329+', label: `Projects Since ${company.foundedYear}` },
] as const;

/** One case-study result beside the home page hero, linked to the study. */
export const heroProof = {
  value: '99.8%',
  text: 'wireless uptime across a regional medical center after our Ekahau redesign',
  href: '/portfolio#healthcare-wifi',
};

export const partnerHighlights = [
  'Predictive designs from your floor plans, before hardware is bought',
  'On-site surveys and post-install validation with Ekahau Sidekick',
  'Designs for voice, RTLS, scanners and high-density spaces',
  'Vendor-neutral: Cisco, Juniper Mist, Aruba, Meraki, Ubiquiti and more',
];
