import { ButtonLink } from '@/components/ui/button';
import { CallToAction } from '@/components/layout/call-to-action';
import { PageContainer } from '@/components/layout/page-container';
import { PageHero } from '@/components/layout/page-hero';
import { Section } from '@/components/layout/section';
import { ConsultationBooking } from '@/features/consultation/components/consultation-booking';
import { ServiceBlock } from '@/features/marketing/components/service-block';
import { services } from '@/features/marketing/content/services';

export function Component() {
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Enterprise IT Services"
        subtitle="Eight service lines, one accountable team. Choose a service to request a quote, or tell us about your project and we will put together the right mix."
      >
        <nav aria-label="Services on this page">
          <ul className="flex flex-wrap gap-2">
            {services.map((service) => (
              <li key={service.id}>
                <a
                  href={`#${service.id}`}
                  className="inline-flex rounded-full border border-white/25 px-3 py-1 text-sm font-medium text-white hover:bg-white/10"
                >
                  {service.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>
      <div className="bg-slate-50">
        <PageContainer className="flex flex-col gap-8 py-16">
          {services.map((service) => (
            <ServiceBlock key={service.id} service={service} />
          ))}
        </PageContainer>
      </div>
      <Section id="consultation" aria-label="Book a consultation">
        <div className="mx-auto max-w-3xl">
          <ConsultationBooking />
        </div>
      </Section>
      <CallToAction
        title="Not sure which service you need?"
        text="Describe the problem you are trying to solve and we will recommend an approach. Or see how we have solved it for others."
      >
        <ButtonLink to="/contact" size="lg" variant="inverse">
          Contact Us
        </ButtonLink>
        <ButtonLink to="/portfolio" size="lg" variant="outline-inverse">
          View Case Studies
        </ButtonLink>
      </CallToAction>
    </>
  );
}
