import type { ReactNode } from 'react';
import { PageContainer } from '@/components/layout/page-container';

/** The frame of a policy page: its title, effective date and readable text width. */
export function LegalDocument({
  title,
  effective,
  children,
}: {
  title: string;
  effective: string;
  children: ReactNode;
}) {
  return (
    <PageContainer className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-navy-900">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">Effective {effective}</p>
        <div className="mt-10 flex flex-col gap-10">{children}</div>
      </article>
    </PageContainer>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="flex scroll-mt-24 flex-col gap-4 text-slate-800">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-6">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
