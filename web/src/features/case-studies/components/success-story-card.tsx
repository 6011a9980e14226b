import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import type { CaseStudy } from '../content/case-studies';
import { CaseStudyBadges } from './case-study-badges';
import { MetricList } from './metric-list';

/** A case study in brief for the home page, linking to the full story on /portfolio. */
export function SuccessStoryCard({ study }: { study: CaseStudy }) {
  return (
    <Card className="flex h-full flex-col">
      <article className="flex h-full flex-col gap-4 p-6">
        <CaseStudyBadges study={study} />
        <h3 className="text-xl font-semibold text-navy-900">{study.title}</h3>
        <p className="text-slate-700">{study.description}</p>
        <MetricList metrics={study.metrics.slice(0, 2)} compact />
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-800">Outcome: </span>
          {study.outcome}
        </p>
        <Link
          to={`/portfolio#${study.id}`}
          aria-label={`Read the case study: ${study.title}`}
          className="mt-auto inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-800 hover:underline"
        >
          Read the case study
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </article>
    </Card>
  );
}
