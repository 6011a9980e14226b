import type { ReactNode } from 'react';
import { PageContainer } from './page-container';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The dark band at the top of a marketing page, holding its one h1. */
export function PageHero({ eyebrow, title, subtitle, children }: PageHeroProps) {
  return (
    <section className="hero-backdrop bg-navy-900 text-white" aria-labelledby="page-title">
      <PageContainer className="flex flex-col gap-6 py-16 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-blue-300">{eyebrow}</p> : null}
        <h1 id="page-title" className="max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {subtitle ? <p className="max-w-3xl text-lg text-slate-200 sm:text-xl">{subtitle}</p> : null}
        {children}
      </PageContainer>
    </section>
  );
}
