import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { CallToAction } from '@/components/layout/call-to-action';
import { PageContainer } from '@/components/layout/page-container';
import { PageHero } from '@/components/layout/page-hero';
import { Section } from '@/components/layout/section';
import { ConsultationBooking } from '@/features/consultation/components/consultation-booking';
import { ServiceBlock, type ServiceLayout } from '@/features/marketing/components/service-block';
import { services } from '@/features/marketing/content/services';

/** The page's rhythm: two splits, a pair of cards, a dark band, a split, a pair of cards. */
const layouts: ServiceLayout[] = ['split', 'split-reverse', 'card', 'card', 'band', 'split', 'card', 'card'];

/** Consecutive 'card' blocks share a row. */
function rows() {
  const result: { layout: ServiceLayout; items: typeof services }[] = [];
  services.forEach((service, index) => {
    const layout = layouts[index] ?? 'split';
    const last = result.at(-1);
    if (layout === 'card' && last?.layout === 'card' && last.items.length < 2) last.items.push(service);
    else result.push({ layout, items: [service] });
  });
  return result;
}

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
        <PageContainer className="flex flex-col gap-20 py-16 sm:py-20">
          {rows().map((row) =>
            row.layout === 'card' ? (
              <div key={row.items[0]!.id} className="grid gap-8 lg:grid-cols-2">
                {row.items.map((service) => (
                  <ServiceBlock key={service.id} service={service} layout="card" />
                ))}
              </div>
            ) : (
              <ServiceBlock key={row.items[0]!.id} service={row.items[0]!} layout={row.layout} />
            ),
          )}
        </PageContainer>
      </div>
      <Section id="managed-plans" aria-label="Managed IT plans" className="border-b border-slate-200 py-12 sm:py-14">
        <div className="flex flex-col gap-6 rounded-2xl border border-blue-200 bg-blue-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-2xl font-bold text-navy-900">Prefer one monthly fee?</h2>
            <p className="mt-2 max-w-2xl text-slate-700">
              Our managed IT plans bundle monitoring, help desk and security for a predictable price, from Essentials to
              Enterprise.
            </p>
          </div>
          <ButtonLink to="/pricing" size="lg" className="shrink-0">
            See Plans &amp; Pricing
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </div>
      </Section>
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
