import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PageHero } from '@/components/layout/page-hero';
import { heroProof } from '../content/home';
import { TrustBadges } from './trust-badges';

/**
 * The hero's second half: a drawing of the work (a rack cabled to the access
 * points of a heat-mapped floor, an engineer checking it) and one result from
 * a case study, linked, so the claim next to it is backed by a project.
 */
function HeroWork() {
  return (
    <figure className="relative">
      <img
        src="/images/hero-operations.svg"
        alt="A network engineer with a tablet beside a server rack cabled to the access points of an office floor, whose Wi-Fi coverage is drawn as a heat map"
        width={640}
        height={520}
        loading="lazy"
        decoding="async"
        className="h-auto w-full"
      />
      <figcaption className="absolute bottom-2 right-0 max-w-xs rounded-xl border border-white/15 bg-navy-950/90 p-4 shadow-xl backdrop-blur">
        <p className="text-3xl font-bold text-white">{heroProof.value}</p>
        <p className="mt-1 text-sm text-slate-200">{heroProof.text}</p>
        <Link
          to={heroProof.href}
          className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-blue-200 hover:text-white hover:underline"
        >
          Read the case study
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </figcaption>
    </figure>
  );
}

export function HomeHero() {
  return (
    <PageHero
      eyebrow="Enterprise IT services · Minneapolis, MN · Nationwide"
      title="Networks, security and field IT that keep your business running"
      subtitle="From network engineering and structured cabling to cybersecurity, cloud and Wi-Fi design, one accountable team plans, installs and supports the infrastructure your operations depend on."
      aside={<HeroWork />}
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
