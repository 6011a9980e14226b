import { Badge } from '@/components/ui/badge';
import type { CaseStudy } from '../content/case-studies';

export function CaseStudyBadges({ study }: { study: Pick<CaseStudy, 'industry' | 'service'> }) {
  return (
    <p className="flex flex-wrap gap-2">
      <Badge>
        <span className="sr-only">Industry: </span>
        <span>{study.industry}</span>
      </Badge>
      <Badge variant="outline">
        <span className="sr-only">Service: </span>
        <span>{study.service}</span>
      </Badge>
    </p>
  );
}
