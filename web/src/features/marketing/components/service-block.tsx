import { ButtonLink } from '@/components/ui/button';
import { CheckList } from '@/components/ui/check-list';
import { cn } from '@/lib/cn';
import { requestServiceHref, type Service } from '../content/services';

/**
 * How a service block is laid out on /services, so the page reads as a story
 * rather than eight identical cards: a split with its drawing on either side,
 * a compact card (two side by side), or a full-width dark band.
 */
export type ServiceLayout = 'split' | 'split-reverse' | 'card' | 'band';

function ServiceArt({ service, className }: { service: Service; className?: string }) {
  if (!service.art) return null;
  return (
    <img
      src={service.art.src}
      alt={service.art.alt}
      width={560}
      height={service.art.src.includes('heatmap') ? 400 : 420}
      loading="lazy"
      decoding="async"
      className={cn('h-auto w-full rounded-2xl', className)}
    />
  );
}

function RequestService({ service, inverse = false }: { service: Service; inverse?: boolean }) {
  return (
    <div>
      <ButtonLink
        to={requestServiceHref(service.option)}
        aria-label={`Request Service: ${service.title}`}
        variant={inverse ? 'inverse' : 'primary'}
      >
        Request Service
      </ButtonLink>
    </div>
  );
}

function Heading({ service, inverse = false }: { service: Service; inverse?: boolean }) {
  const Icon = service.icon;
  return (
    <div className="flex items-center gap-3">
      <span
        className={cn(
          'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg',
          inverse ? 'bg-white/10 text-blue-200' : 'bg-blue-50 text-blue-700',
        )}
      >
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <h2
        id={`${service.id}-heading`}
        className={cn('text-2xl font-bold tracking-tight sm:text-3xl', inverse ? 'text-white' : 'text-navy-900')}
      >
        {service.title}
      </h2>
    </div>
  );
}

/** One of the eight service blocks on /services, with its Request Service button (spec §2). */
export function ServiceBlock({ service, layout }: { service: Service; layout: ServiceLayout }) {
  const labelled = { id: service.id, 'aria-labelledby': `${service.id}-heading` };
  if (layout === 'card') {
    return (
      <article
        {...labelled}
        className="flex scroll-mt-24 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <Heading service={service} />
        <p className="text-slate-700">{service.description}</p>
        <CheckList items={service.includes} className="text-sm" label={`${service.title}: what's included`} />
        <div className="mt-auto pt-2">
          <RequestService service={service} />
        </div>
      </article>
    );
  }
  if (layout === 'band') {
    return (
      <article
        {...labelled}
        className="hero-backdrop grid scroll-mt-24 items-center gap-8 rounded-3xl bg-navy-900 p-6 text-white sm:p-10 lg:grid-cols-[1.1fr_1fr]"
      >
        <div className="flex flex-col gap-5">
          <Heading service={service} inverse />
          <p className="text-lg text-slate-200">{service.description}</p>
          <ul
            className="grid gap-3 text-sm text-slate-100 sm:grid-cols-2"
            aria-label={`${service.title}: what's included`}
          >
            {service.includes.map((item) => (
              <li key={item} className="rounded-lg border border-white/15 bg-white/5 p-3">
                {item}
              </li>
            ))}
          </ul>
          <RequestService service={service} inverse />
        </div>
        <ServiceArt service={service} />
      </article>
    );
  }
  return (
    <article {...labelled} className="grid scroll-mt-24 items-center gap-8 lg:grid-cols-2 lg:gap-14">
      <div className={cn('flex flex-col gap-5', layout === 'split-reverse' && 'lg:order-2')}>
        <Heading service={service} />
        <p className="text-lg text-slate-700">{service.description}</p>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-700">What&apos;s included</h3>
          <CheckList items={service.includes} className="text-sm" />
        </div>
        <RequestService service={service} />
      </div>
      <ServiceArt service={service} className="shadow-sm ring-1 ring-slate-200" />
    </article>
  );
}
