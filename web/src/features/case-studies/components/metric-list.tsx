import { ArrowDown, ArrowUp } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { CaseStudyMetric } from '../content/case-studies';

/** Key metrics: value, label and an arrow for the direction — green either way (spec §2). */
export function MetricList({ metrics, compact = false }: { metrics: CaseStudyMetric[]; compact?: boolean }) {
  return (
    <dl className={cn('grid gap-3', compact ? 'grid-cols-2' : 'sm:grid-cols-3')}>
      {metrics.map((metric) => {
        const Arrow = metric.trend === 'up' ? ArrowUp : ArrowDown;
        return (
          <div key={metric.label} className="flex flex-col-reverse rounded-lg border border-green-200 bg-green-50 p-3">
            <dt className="text-sm text-slate-700">{metric.label}</dt>
            <dd className="flex items-center gap-1 text-2xl font-bold text-green-800">
              <Arrow className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span>{metric.value}</span>
              <span className="sr-only">{metric.trend === 'up' ? '(increase)' : '(decrease)'}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
