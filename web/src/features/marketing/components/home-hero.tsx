import { ButtonLink } from '@/components/ui/button';
import { PageHero } from '@/components/layout/page-hero';
import { TrustBadges } from './trust-badges';

export function HomeHero() {
  return (
    <PageHero
      eyebrow="Enterprise IT services · Minneapolis, MN · Nationwide"
      title="Networks, security and field IT that keep your business running"
      subtitle="From network engineering and structured cabling to cybersecurity, cloud and Wi-Fi design, one accountable team plans, installs and supports the infrastructure your operations depend on."
    >
      <TrustBadges />
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/contact" size="lg" variant="inverse">
          Get a Free Quote
        </ButtonLink>
        <ButtonLink to="/services" size="lg" variant="outline-inverse">
          Explore Our Services
        </ButtonLink>
      </div>
    </PageHero>
  );
}
