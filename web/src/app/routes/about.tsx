import { company } from '@shared/site/company';
import { ButtonLink } from '@/components/ui/button';
import { CallToAction } from '@/components/layout/call-to-action';
import { PageHero } from '@/components/layout/page-hero';
import { Section } from '@/components/layout/section';
import { CheckList } from '@/components/ui/check-list';
import { LeadershipCard } from '@/features/marketing/components/leadership-card';
import { Timeline } from '@/features/marketing/components/timeline';
import { ValuesGrid } from '@/features/marketing/components/values-grid';
import { certifications, companyDescription, mission, partnerships } from '@/features/marketing/content/about';

export function Component() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="About Northstar IT Solutions"
        subtitle={`A Minnesota team of network engineers, security specialists and field technicians: in business since ${company.foundedYear}, on site in all 50 states since 2021.`}
      />
      <Section id="mission" title="Our Mission">
        <div className="grid gap-10 lg:grid-cols-2">
          <p className="text-2xl font-medium leading-relaxed text-navy-900">{mission}</p>
          <div className="flex flex-col gap-4 text-lg text-slate-700">
            {companyDescription.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
        </div>
      </Section>
      <Section id="values" tone="muted" title="Our Values" intro="Four commitments behind every project we take on.">
        <ValuesGrid />
      </Section>
      <Section id="history" title="Our Journey" intro="From a Minneapolis field-service team to a nationwide partner.">
        <div className="max-w-3xl pl-3">
          <Timeline />
        </div>
      </Section>
      <Section id="leadership" tone="muted" title="Leadership">
        <div className="max-w-4xl">
          <LeadershipCard />
        </div>
      </Section>
      <Section id="certifications" title="Certifications & Partnerships">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h3 className="mb-4 text-xl font-semibold text-navy-900">Team certifications</h3>
            <CheckList items={certifications} />
          </div>
          <div>
            <h3 className="mb-4 text-xl font-semibold text-navy-900">Partnerships</h3>
            <CheckList items={partnerships} />
          </div>
        </div>
      </Section>
      <CallToAction
        title="Let's build something reliable together"
        text="Tell us about your sites, your network and your deadlines. We will put the right engineers on it."
      >
        <ButtonLink to="/contact" size="lg" variant="inverse">
          Contact Us
        </ButtonLink>
        <ButtonLink to="/services" size="lg" variant="outline-inverse">
          Our Services
        </ButtonLink>
      </CallToAction>
    </>
  );
}
