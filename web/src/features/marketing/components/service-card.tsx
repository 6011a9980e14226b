import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import type { Service } from '../content/services';

/** A service in the home page grid, linking to its block on /services. */
export function ServiceCard({ service }: { service: Service }) {
  const Icon = service.icon;
  return (
    <Card className="flex h-full flex-col gap-4 p-6 transition-shadow hover:shadow-md">
      <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold text-navy-900">{service.title}</h3>
      <p className="text-slate-700">{service.summary}</p>
      <Link
        to={`/services#${service.id}`}
        className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:text-blue-800 hover:underline"
      >
        Learn more<span className="sr-only"> about {service.title}</span>
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}
