export interface CaseStudyMetric {
  label: string;
  value: string;
  /** Which way the figure moved; both directions are good news here. */
  trend: 'up' | 'down';
}

/** Spec §3: fixed page content, not fetched. */
export interface CaseStudy {
  /** Anchor on /portfolio. */
  id: string;
  title: string;
  industry: string;
  service: string;
  /** A short summary for the home page success stories. */
  description: string;
  challenge: string;
  solution: string;
  techStack: string[];
  metrics: CaseStudyMetric[];
  outcome: string;
}

export const caseStudies: CaseStudy[] = [
  {
    id: 'healthcare-wifi',
    title: 'Hospital-Grade Wi-Fi for a Regional Medical Center',
    industry: 'Healthcare',
    service: 'Ekahau Wi-Fi Design',
    description:
      'A 240-bed medical center replaced a Wi-Fi network that dropped nurse-call badges and telemetry with a survey-validated design.',
    challenge:
      'Clinicians on a 240-bed campus were losing voice badges and mobile workstations between rooms. The existing wireless network had grown one access point at a time, leaving coverage gaps in stairwells and imaging suites, co-channel interference on the patient floors, and no documentation of what was installed where.',
    solution:
      'Our Ekahau-certified engineers surveyed every floor with Ekahau Sidekick, built a predictive model that accounted for lead-lined walls and medical equipment, and redesigned the network for voice-grade roaming. We replaced 180 access points in overnight windows without interrupting patient care, then validated every area against the design requirements.',
    techStack: ['Ekahau AI Pro', 'Ekahau Sidekick 2', 'Cisco Catalyst 9100 APs', 'Cisco 9800 WLC', '802.1X / RADIUS'],
    metrics: [
      { label: 'Reduction in Wi-Fi downtime', value: '40%', trend: 'down' },
      { label: 'Wireless uptime', value: '99.8%', trend: 'up' },
      { label: 'Fewer dropped voice calls', value: '92%', trend: 'down' },
    ],
    outcome:
      'Clinical staff now roam the entire campus on voice badges without drops, biomedical devices stay connected, and the hospital has a validated design and survey report to plan future expansion from.',
  },
  {
    id: 'financial-cybersecurity',
    title: 'Cybersecurity Hardening for a Multi-Branch Credit Union',
    industry: 'Finance',
    service: 'Cybersecurity',
    description:
      'A credit union with 18 branches closed its audit findings and cut phishing clicks with layered defenses and staff training.',
    challenge:
      'Ahead of a regulatory examination, an 18-branch credit union had open audit findings on flat branch networks, inconsistent patching and shared administrator accounts. Phishing simulations showed one in five employees clicking malicious links, and the small internal IT team had no time to fix it all.',
    solution:
      'We ran a full vulnerability assessment and prioritised remediation by risk. Branch networks were segmented so teller, ATM and guest traffic never mix; firewalls were rebuilt with least-privilege rules; endpoint detection and response, MFA and privileged-access controls were deployed; and quarterly phishing simulations with short training modules were put in place.',
    techStack: [
      'Fortinet FortiGate',
      'Microsoft Defender for Endpoint',
      'Microsoft Entra ID MFA',
      'Tenable',
      'KnowBe4',
    ],
    metrics: [
      { label: 'Critical vulnerabilities remediated', value: '100%', trend: 'up' },
      { label: 'Phishing click rate', value: '78%', trend: 'down' },
      { label: 'Time to detect threats', value: '65%', trend: 'down' },
    ],
    outcome:
      'The credit union passed its examination with no repeat findings, its board receives a quarterly risk report, and the internal team spends its time on members instead of firefighting.',
  },
  {
    id: 'retail-rollout',
    title: 'Nationwide Network Rollout Across 120+ Retail Stores',
    industry: 'Retail',
    service: 'Field IT Services',
    description:
      'A specialty retailer refreshed networks and point-of-sale equipment in 120+ stores across 31 states in ten weeks, all overnight.',
    challenge:
      'A specialty retailer needed new switches, firewalls, Wi-Fi and point-of-sale terminals in more than 120 stores across 31 states before the holiday season. Every cutover had to happen after closing time, and the retailer had no field staff of its own outside its headquarters.',
    solution:
      'We staged and pre-configured equipment centrally, shipped store kits with labelled cabling, and dispatched vetted technicians under one scope of work and checklist. Our project coordinators ran a live rollout board, a remote engineer validated every cutover before technicians left the store, and close-out reports with photos went to the client the same night.',
    techStack: ['Meraki MX & MS', 'Meraki MR Wi-Fi', 'Verifone POS', 'ServiceNow', 'Field-service dispatch platform'],
    metrics: [
      { label: 'Locations completed', value: '120+', trend: 'up' },
      { label: 'Stores open on time after cutover', value: '100%', trend: 'up' },
      { label: 'Cost per site vs. prior rollout', value: '30%', trend: 'down' },
    ],
    outcome:
      'Every store opened on time the morning after its cutover, the rollout finished two weeks ahead of the holiday freeze, and the retailer now uses us for ongoing break-fix coverage nationwide.',
  },
  {
    id: 'cloud-migration',
    title: 'Cloud Migration for a Growing SaaS Provider',
    industry: 'Technology',
    service: 'Cloud Services',
    description:
      'A SaaS company moved from an aging colocation rack to Azure, cutting infrastructure cost while gaining room to grow tenfold.',
    challenge:
      'A fast-growing software company ran its platform on servers in a colocation facility that were out of warranty and at capacity. Scaling for new customers took weeks of hardware purchasing, backups had never been fully restored in a test, and hosting costs were rising every quarter.',
    solution:
      'We assessed every workload, re-platformed the application onto Azure Kubernetes Service with managed databases, and defined the infrastructure as code so environments can be rebuilt in minutes. Cutover ran in two planned maintenance windows, and we finished with a tested disaster-recovery plan and cost alerts tied to each environment.',
    techStack: ['Microsoft Azure', 'Azure Kubernetes Service', 'Azure SQL', 'Terraform', 'Azure Site Recovery'],
    metrics: [
      { label: 'Infrastructure cost', value: '25%', trend: 'down' },
      { label: 'Scalability headroom', value: '10x', trend: 'up' },
      { label: 'Platform availability', value: '99.95%', trend: 'up' },
    ],
    outcome:
      'The company onboards new customers in hours instead of weeks, recovery has been tested end to end, and monthly infrastructure spend is lower and predictable.',
  },
];
