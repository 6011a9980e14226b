import type { ReactNode } from 'react';
import { PageContainer } from './page-container';

/** The closing band of a marketing page: a heading, a line of text and its buttons. */
export function CallToAction({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="bg-blue-800 text-white" aria-labelledby="cta-heading">
      <PageContainer className="flex flex-col items-center gap-6 py-16 text-center">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="max-w-2xl text-lg text-blue-50">{text}</p>
        <div className="flex flex-wrap justify-center gap-3">{children}</div>
      </PageContainer>
    </section>
  );
}
