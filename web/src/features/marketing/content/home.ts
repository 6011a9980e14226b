import { BadgeCheck, Clock, MapPin, type LucideIcon } from 'lucide-react';

export const trustBadges: { label: string; icon: LucideIcon }[] = [
  { label: 'Certified Ekahau Partner', icon: BadgeCheck },
  { label: 'Nationwide field coverage', icon: MapPin },
  { label: '24/7 enterprise support', icon: Clock },
];

/** Spec §9 stats. */
export const stats = [
  { value: '15+', label: 'Years of Experience' },
  { value: '500+', label: 'Enterprise Clients' },
  { value: '99.9%', label: 'Uptime' },
  { value: '4,329+', label: 'Projects Completed' },
] as const;

export const partnerHighlights = [
  'Predictive designs from your floor plans, before hardware is bought',
  'On-site surveys and post-install validation with Ekahau Sidekick',
  'Designs for voice, RTLS, scanners and high-density spaces',
  'Vendor-neutral: Cisco, Juniper Mist, Aruba, Meraki, Ubiquiti and more',
];
