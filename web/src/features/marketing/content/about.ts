import { Eye, HeartHandshake, ShieldCheck, Target, type LucideIcon } from 'lucide-react';
import { company } from '@shared/site/company';

const founded = company.foundedYear;

export const mission =
  'To give every organization we serve an IT infrastructure it never has to think about: designed properly, installed cleanly, documented honestly and supported by people who pick up the phone.';

export const companyDescription = [
  `Northstar IT Solutions started in ${founded} as a small team of network engineers and field technicians in Minneapolis. We took the jobs other providers found too messy — the hospital wing with no Wi-Fi coverage, the warehouse with cabling nobody had labelled, the retailer that needed 40 stores cut over in one weekend — and did them properly.`,
  'Today we are a nationwide IT services partner to more than 500 enterprise clients in healthcare, finance, retail, education, logistics and technology. Our engineers design and secure networks, our field technicians work on site in all 50 states, and our project coordinators make sure the two never lose track of each other. We are still headquartered in Minnesota, and we still answer our own phones.',
];

export const values: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Reliability',
    text: 'We plan every change with a rollback, show up when we said we would, and measure ourselves by your uptime.',
    icon: Target,
  },
  {
    title: 'Security First',
    text: 'Security is designed in from the first diagram, not bolted on at the end — for your network and for how we handle your data.',
    icon: ShieldCheck,
  },
  {
    title: 'Transparency',
    text: 'Clear scopes, fixed quotes where possible, and photos, test results and documentation you keep after every job.',
    icon: Eye,
  },
  {
    title: 'Partnership',
    text: 'We learn how your business works and recommend only what it needs, so many of our clients have stayed with us since their first project.',
    icon: HeartHandshake,
  },
];

/** Spec §2 About: the 2017–2025 timeline. */
export const timeline = [
  {
    year: String(founded),
    title: 'Founded',
    text: 'Northstar IT Solutions opens in Minneapolis, serving Twin Cities businesses with network and cabling work.',
  },
  {
    year: '2018',
    title: 'Joined a field-service platform',
    text: 'We join a national field-service platform, taking on dispatch work for enterprise clients beyond Minnesota.',
  },
  {
    year: '2019',
    title: 'Partner certification',
    text: 'Our engineers earn Ekahau certification and we become a certified Ekahau partner for enterprise Wi-Fi design.',
  },
  {
    year: '2021',
    title: 'Nationwide',
    text: 'With a vetted technician network and central project coordination, we deliver on-site services in all 50 states.',
  },
  {
    year: '2023',
    title: '500+ clients',
    text: 'More than 500 enterprise clients now rely on us for network, security, cloud and field IT services.',
  },
  {
    year: '2025',
    title: '1,200+ projects',
    text: 'We complete more than 1,200 projects in a single year, from one-day service calls to multi-state rollouts.',
  },
];

/**
 * The leadership card. Like the company profile, these are placeholder
 * details for the operator to replace with the real leadership team.
 */
export const leader = {
  name: 'Daniel Reyes',
  initials: 'DR',
  role: 'Founder & Chief Executive Officer',
  bio: `Daniel spent fifteen years as a network engineer and field-operations lead before founding Northstar IT Solutions in ${founded}. He still reviews the design of every large project and believes the best IT work is the kind nobody notices because it simply keeps running.`,
  credentials: ['CCNP Enterprise', 'Ekahau ECSE Design', 'PMP'],
};

export const certifications = [
  'Ekahau Certified Survey Engineer (ECSE) Design & Advanced',
  'Cisco CCNP Enterprise and CCNA',
  'CompTIA Security+ and Network+',
  'BICSI Installer and Technician credentials',
  'Microsoft Certified: Azure Administrator Associate',
  'AWS Certified Solutions Architect – Associate',
  'OSHA 10 safety training for every field technician',
];

export const partnerships = [
  'Certified Ekahau partner for Wi-Fi design and validation',
  'National field-service platform partner for on-site dispatch',
  'Authorized reseller relationships with leading networking, security and CCTV manufacturers',
  'Microsoft cloud partner for Azure and Microsoft 365 projects',
];
