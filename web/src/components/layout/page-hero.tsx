import type { ReactNode } from 'react';
import { PageContainer } from './page-container';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** The hero's second column on wide screens (the home page's drawing of the work); hidden on phones. */
  aside?: ReactNode;
}

/** The dark band at the top of a marketing page, holding its one h1. */
export function PageHero({ eyebrow, title, subtitle, children, aside }: PageHeroProps) {
  const text = (
    <div className="flex flex-col gap-6">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-blue-300">{eyebrow}</p> : null}
      <h1 id="page-title" className="max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h1>
      {subtitle ? <p className="max-w-3xl text-lg text-slate-200 sm:text-xl">{subtitle}</p> : null}
      {children}
    </div>
  );
  return (
    <section className="hero-backdrop bg-navy-900 text-white" aria-labelledby="page-title">
      {aside ? (
        <PageContainer className="grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[1.05fr_1fr]">
          {text}
          <div className="hidden lg:block">{aside}</div>
        </PageContainer>
      ) : (
        <PageContainer className="py-16 sm:py-20">{text}</PageContainer>
      )}
    </section>
  );
}
