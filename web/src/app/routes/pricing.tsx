import { PageHero } from '@/components/layout/page-hero';
import { Section } from '@/components/layout/section';
import { useUser } from '@/features/auth/api/use-user';
import { ContactSalesCard } from '@/features/subscriptions/components/contact-sales-card';
import { PricingFaq } from '@/features/subscriptions/components/pricing-faq';
import { PricingPlans } from '@/features/subscriptions/components/pricing-plans';

export function Component() {
  // The session answers 200 logged in or not: a visitor's page logs no failed request.
  const { user, isLoading } = useUser();
  return (
    <>
      <PageHero
        eyebrow="Managed IT plans"
        title="Choose Your Plan"
        subtitle="Monitoring, help desk and security from one accountable team, for a predictable monthly fee. Change or cancel your plan at any time."
      />
      <Section id="plans" aria-label="Plans">
        <div className="flex flex-col gap-10">
          <PricingPlans viewer={isLoading ? 'unknown' : user ? 'client' : 'visitor'} />
          <ContactSalesCard />
        </div>
      </Section>
      <Section id="faq" title="Questions About Our Plans" tone="muted">
        <PricingFaq />
      </Section>
    </>
  );
}
