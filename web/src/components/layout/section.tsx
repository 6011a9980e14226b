import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { PageContainer } from './page-container';

interface SectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Used for the heading id, so the section is a labelled landmark-like region. */
  id: string;
  title?: string;
  intro?: ReactNode;
  eyebrow?: string;
  tone?: 'white' | 'muted';
  children: ReactNode;
}

/** A page section with an optional h2 heading and intro, on a white or light background. */
export function Section({ id, title, intro, eyebrow, tone = 'white', className, children, ...props }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn('scroll-mt-20 py-16 sm:py-20', tone === 'muted' ? 'bg-slate-50' : 'bg-white', className)}
      {...props}
    >
      <PageContainer>
        {title ? (
          <div className="mb-10 max-w-3xl">
            {eyebrow ? (
              <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-blue-700">{eyebrow}</p>
            ) : null}
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
              {title}
            </h2>
            {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </PageContainer>
    </section>
  );
}
