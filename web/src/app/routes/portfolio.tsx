import { ButtonLink } from '@/components/ui/button';
import { CallToAction } from '@/components/layout/call-to-action';
import { PageContainer } from '@/components/layout/page-container';
import { PageHero } from '@/components/layout/page-hero';
import { CaseStudyCard } from '@/features/case-studies/components/case-study-card';
import { caseStudies } from '@/features/case-studies/content/case-studies';

export function Component() {
  return (
    <>
      <PageHero
        title="Case Studies"
        subtitle="Real results for real businesses. Explore how we've helped organizations achieve their technology goals."
      />
      <div className="bg-slate-50">
        <PageContainer className="flex flex-col gap-10 py-16">
          {caseStudies.map((study) => (
            <CaseStudyCard key={study.id} study={study} />
          ))}
        </PageContainer>
      </div>
      <CallToAction
        title="Ready to Transform Your Business?"
        text="Let's discuss how we can help you achieve similar results."
      >
        <ButtonLink to="/contact" size="lg" variant="inverse">
          Start Your Project
        </ButtonLink>
      </CallToAction>
    </>
  );
}
