import { Card } from '@/components/ui/card';
import type { CaseStudy } from '../content/case-studies';
import { CaseStudyBadges } from './case-study-badges';
import { MetricList } from './metric-list';

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-navy-900">{title}</h3>
      {children}
    </div>
  );
}

/** One case study on /portfolio (spec §2 Portfolio). */
export function CaseStudyCard({ study }: { study: CaseStudy }) {
  const headingId = `${study.id}-title`;
  return (
    <Card id={study.id} className="scroll-mt-24">
      <article aria-labelledby={headingId} className="flex flex-col gap-6 p-6 sm:p-8">
        <header className="flex flex-col gap-3">
          <CaseStudyBadges study={study} />
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-navy-900">
            {study.title}
          </h2>
        </header>
        <div className="grid gap-6 lg:grid-cols-2">
          <Part title="The Challenge">
            <p className="text-slate-700">{study.challenge}</p>
          </Part>
          <Part title="Our Solution">
            <p className="text-slate-700">{study.solution}</p>
          </Part>
        </div>
        <Part title="Technology Stack">
          <ul className="flex flex-wrap gap-2">
            {study.techStack.map((tech) => (
              <li key={tech} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                {tech}
              </li>
            ))}
          </ul>
        </Part>
        <Part title="Outcome">
          <p className="text-slate-700">{study.outcome}</p>
        </Part>
        <Part title="Key Metrics">
          <MetricList metrics={study.metrics} />
        </Part>
      </article>
    </Card>
  );
}
