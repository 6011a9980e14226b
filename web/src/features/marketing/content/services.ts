import { BrainCircuit, Cable, Cloud, Network, Package, ShieldCheck, Wifi, Wrench, type LucideIcon } from 'lucide-react';
import type { ServiceOption } from '@shared/contact';

export interface Service {
  /** Anchor on /services. */
  id: string;
  /** The contact form option it preselects (spec §5). */
  option: ServiceOption;
  title: string;
  icon: LucideIcon;
  /** One sentence for the home page card. */
  summary: string;
  description: string;
  includes: string[];
  /** A drawing of the work (web/public/images), for the service's block on /services. */
  art?: { src: string; alt: string };
}

/** The eight service lines (spec §1), in the order of the contact form. */
export const services: Service[] = [
  {
    id: 'network-engineering',
    option: 'Network Engineering & Security',
    title: 'Network Engineering & Security',
    icon: Network,
    summary: 'Switching, routing, SD-WAN and firewalls designed for uptime and documented end to end.',
    description:
      'We design, build and harden the networks your business runs on: campus and data-center switching, routing and SD-WAN between sites, and next-generation firewalls with segmentation that keeps guest, IoT and payment traffic apart. Every change is planned with a rollback, and you get current diagrams and configuration backups when we leave.',
    art: {
      src: '/images/network-rack.svg',
      alt: 'A network engineer with a tablet beside a cabinet of patch panels, switches, a firewall and servers, cabled in color-coded runs',
    },
    includes: [
      'LAN, WAN and SD-WAN design and deployment',
      'Firewall and VPN configuration with network segmentation',
      'Network assessments, upgrades and refresh planning',
      'As-built diagrams, IP plans and configuration backups',
    ],
  },
  {
    id: 'field-it',
    option: 'Field IT Services',
    title: 'Field IT Services',
    icon: Wrench,
    summary: 'Vetted technicians on site in all 50 states for installs, rollouts, break-fix and smart hands.',
    description:
      'When work has to happen in person, our field technicians are there — for a single break-fix call or a coordinated rollout across hundreds of locations. Each visit follows a written scope of work, with photos, test results and sign-off delivered the same day, so your central IT team always knows what was done.',
    art: {
      src: '/images/field-technician.svg',
      alt: 'A field technician on a ladder mounting a ceiling access point, with a toolbox, a cable box and a completed checklist',
    },
    includes: [
      'Multi-site rollouts and equipment refreshes',
      'Break-fix dispatch and smart-hands support',
      'Point-of-sale, printer and workstation deployment',
      'Site surveys with photo documentation and close-out reports',
    ],
  },
  {
    id: 'low-voltage-cabling',
    option: 'Low Voltage Cabling',
    title: 'Low Voltage Cabling',
    icon: Cable,
    summary: 'Certified Cat6/6A and fiber runs, CCTV and access control installed to standard and labelled.',
    description:
      'Structured cabling is the part of your network you touch least and depend on most. We install and certify copper and fiber to TIA standards, build clean IDF and MDF rooms, and install CCTV and access-control systems on the same infrastructure — every drop labelled and tested, with results you can keep on file.',
    includes: [
      'Cat6 and Cat6A copper, single- and multi-mode fiber',
      'Rack, IDF and MDF build-outs with cable management',
      'IP camera (CCTV) and access-control installation',
      'Certification test reports for every cable run',
    ],
  },
  {
    id: 'cybersecurity',
    option: 'Cybersecurity Solutions',
    title: 'Cybersecurity Solutions',
    icon: ShieldCheck,
    summary: 'Assessments, hardening, endpoint protection and monitoring mapped to the frameworks you answer to.',
    description:
      'We find out where you are exposed and fix it in order of risk. Our engineers run vulnerability assessments, harden firewalls, servers and endpoints, roll out multi-factor authentication and managed detection, and map the work to CIS Controls, NIST CSF, HIPAA or PCI DSS so your auditors see the evidence they expect.',
    art: {
      src: '/images/secure-office.svg',
      alt: 'Two people at work in a glass-walled office watched by a dome camera, beside a door with a badge reader',
    },
    includes: [
      'Vulnerability assessments and remediation plans',
      'Endpoint detection and response, email security and MFA',
      'Policy, logging and access reviews mapped to CIS and NIST',
      'Security awareness training and phishing simulations',
    ],
  },
  {
    id: 'cloud',
    option: 'Cloud & Virtualization',
    title: 'Cloud & Virtualization',
    icon: Cloud,
    summary: 'Migrations to Azure, AWS and Microsoft 365, plus VMware and Hyper-V built for recovery.',
    description:
      'Whether your workloads belong in the cloud, on premises or in both, we plan the move around your downtime windows and budgets. We migrate servers and mailboxes, right-size virtual infrastructure, and design backup and disaster recovery you have actually tested — with costs you can predict month to month.',
    art: {
      src: '/images/cloud-datacenter.svg',
      alt: 'Two server racks replicating to the cloud, with a backup sync symbol',
    },
    includes: [
      'Azure, AWS and Microsoft 365 migrations',
      'VMware and Hyper-V design, upgrades and consolidation',
      'Backup, replication and tested disaster-recovery plans',
      'Cloud cost reviews and right-sizing',
    ],
  },
  {
    id: 'ekahau',
    option: 'Ekahau Partner Services',
    title: 'Ekahau Partner Services',
    icon: Wifi,
    summary: 'Predictive Wi-Fi design, on-site surveys and validation by Ekahau-certified engineers.',
    description:
      'As a certified Ekahau partner, we design wireless networks from floor plans before a single access point is mounted, then survey on site to validate coverage, capacity and roaming. It is how hospitals, warehouses and campuses get Wi-Fi that works for voice, scanners and hundreds of devices — not just a strong signal in the lobby.',
    art: {
      src: '/images/wifi-heatmap.svg',
      alt: 'Wi-Fi coverage heat map over an office floor plan, with five access points giving even coverage',
    },
    includes: [
      'Predictive designs from floor plans and wall materials',
      'Pre- and post-deployment site surveys with Ekahau Sidekick',
      'Troubleshooting of interference, roaming and capacity issues',
      'Validation reports showing coverage against requirements',
    ],
  },
  {
    id: 'ai-automation',
    option: 'AI & Automation',
    title: 'AI & Automation',
    icon: BrainCircuit,
    summary: 'Practical automation and AI assistants that take repetitive work off your team, securely.',
    description:
      'We help you put AI and automation to work where it pays off: automating ticket triage, onboarding and reporting, connecting the systems you already use, and deploying AI assistants on your own data with the access controls and audit trail your compliance team will ask about.',
    includes: [
      'Workflow automation across help desk, HR and finance tools',
      'AI assistants grounded in your documents, with access controls',
      'Automated network and infrastructure reporting',
      'Readiness assessments and data-governance guidance',
    ],
  },
  {
    id: 'procurement',
    option: 'Technology Procurement',
    title: 'Technology Procurement',
    icon: Package,
    summary: 'The right switches, access points, cameras and laptops, sourced, staged and delivered ready to use.',
    description:
      'We specify, source and stage the hardware our engineers install, so it arrives configured, labelled and under warranty. Buy from our online shop, or let us quote a full bill of materials for a project — with lifecycle tracking so you know what is due for refresh before it fails.',
    includes: [
      'Enterprise networking, security, Wi-Fi and CCTV hardware',
      'Staging, configuration and asset tagging before delivery',
      'Warranty, licensing and renewal tracking',
      'Project bills of materials and volume pricing',
    ],
  },
];

/** The home page grid shows seven; Wi-Fi design has its own partner section. */
export const homeServices = services.filter((service) => service.id !== 'ekahau');

/** /contact with the service's option preselected. */
export function requestServiceHref(option: ServiceOption): string {
  return `/contact?service=${encodeURIComponent(option)}`;
}
