/**
 * The Open Graph images (1200×630) shared links show, one per kind of page.
 * `scripts/draw-site-images.ts` draws them into web/public/og/ from these
 * texts; the pages' head tags point at them (og:image, twitter:image).
 */
export interface OgImage {
  name: string;
  /** The large line on the image. */
  title: string;
  /** The line under it. */
  subtitle: string;
  /** Which drawing of the work goes beside the text (web/public/images). */
  art: string;
  /** Alt text for og:image:alt. */
  alt: string;
}

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

export const ogImages = [
  {
    name: 'home',
    title: 'Networks, security and field IT that keep your business running',
    subtitle: 'Enterprise IT services from Minneapolis, delivered nationwide',
    art: 'hero-operations',
    alt: 'Northstar IT Solutions: networks, security and field IT, with a drawing of a server rack and a Wi-Fi heat map',
  },
  {
    name: 'services',
    title: 'Enterprise IT services, one accountable team',
    subtitle: 'Network engineering, field IT, cabling, cybersecurity, cloud, Wi-Fi design, AI and procurement',
    art: 'network-rack',
    alt: 'Northstar IT Solutions services, with a drawing of an engineer beside a network rack',
  },
  {
    name: 'case-studies',
    title: 'Real results for real businesses',
    subtitle: 'Case studies: hospital Wi-Fi, credit-union security, a 120-store rollout, a cloud migration',
    art: 'wifi-heatmap',
    alt: 'Northstar IT Solutions case studies, with a Wi-Fi coverage heat map',
  },
  {
    name: 'shop',
    title: 'Technology procurement',
    subtitle: 'Switches, firewalls, access points, cameras, servers and UPS units our engineers deploy',
    art: 'network-rack',
    alt: 'The Northstar IT Solutions shop, with a drawing of a cabled network rack',
  },
  {
    name: 'pricing',
    title: 'Managed IT plans',
    subtitle: 'Monitoring, help desk and security for a predictable monthly fee',
    art: 'cloud-datacenter',
    alt: 'Northstar IT Solutions managed IT plans, with a drawing of racks replicating to the cloud',
  },
  {
    name: 'company',
    title: 'A Minnesota team trusted by 500+ enterprise clients',
    subtitle: 'About us, how to reach us, and our policies',
    art: 'secure-office',
    alt: 'Northstar IT Solutions, with a drawing of people at work in a secure office',
  },
] as const satisfies readonly OgImage[];

type OgImageName = (typeof ogImages)[number]['name'];

const byPath: Record<string, OgImageName> = {
  '/': 'home',
  '/services': 'services',
  '/portfolio': 'case-studies',
  '/shop': 'shop',
  '/checkout': 'shop',
  '/order-confirmation': 'shop',
  '/pricing': 'pricing',
  '/subscribe': 'pricing',
};

/** The image for a page: its kind's, else the company's (about, contact, legal, account pages). */
export function ogImageFor(routePath: string): OgImage & { path: string } {
  const name = byPath[routePath] ?? 'company';
  const image = ogImages.find((candidate) => candidate.name === name)!;
  return { ...image, path: `/og/${image.name}.png` };
}
