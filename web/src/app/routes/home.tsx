import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { CallToAction } from '@/components/layout/call-to-action';
import { Section } from '@/components/layout/section';
import { SuccessStoryCard } from '@/features/case-studies/components/success-story-card';
import { caseStudies } from '@/features/case-studies/content/case-studies';
import { HomeHero } from '@/features/marketing/components/home-hero';
import { PartnerSection } from '@/features/marketing/components/partner-section';
import { ServiceCard } from '@/features/marketing/components/service-card';
import { StatsBand } from '@/features/marketing/components/stats-band';
import { homeServices } from '@/features/marketing/content/services';

export function Component() {
  return (
    <>
      <HomeHero />
      <StatsBand />
      <Section
        id="services"
        eyebrow="What we do"
        title="IT services for every layer of your infrastructure"
        intro="One partner from the cable in the wall to the workloads in the cloud, with engineers and field technicians who answer to the same project lead."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {homeServices.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
        <p className="mt-10 flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-700">
          Prefer one predictable monthly fee for monitoring, help desk and security?
          <Link
            to="/pricing"
            className="inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-800 hover:underline"
          >
            See managed IT plans &amp; pricing
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </p>
      </Section>
      <PartnerSection />
      <Section
        id="success-stories"
        eyebrow="Success stories"
        title="Results our clients can measure"
        intro="A few recent projects, from a hospital campus to a 120-store rollout."
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {caseStudies.map((study) => (
            <li key={study.id}>
              <SuccessStoryCard study={study} />
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <ButtonLink to="/portfolio" variant="outline" size="lg">
            View All Case Studies
          </ButtonLink>
        </div>
      </Section>
      <CallToAction
        title="Ready to strengthen your IT infrastructure?"
        text="Tell us what you are planning and an engineer will reply within 24 hours. Need equipment? Browse the hardware we install and support."
      >
        <ButtonLink to="/contact" size="lg" variant="inverse">
          Contact Us
        </ButtonLink>
        <ButtonLink to="/shop" size="lg" variant="outline-inverse">
          Shop Technology
        </ButtonLink>
      </CallToAction>
    </>
  );
}
