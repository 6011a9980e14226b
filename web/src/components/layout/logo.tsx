import { Link } from 'react-router-dom';
import { company } from '@shared/site/company';

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${company.name} home`}>
      <svg viewBox="0 0 64 64" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={inverse ? '#ffffff' : '#0b1f3a'} />
        <path
          d="M32 10l5.6 15.4L54 27l-13 9.6L45.2 53 32 43.6 18.8 53 23 36.6 10 27l16.4-1.6z"
          fill={inverse ? '#1d4ed8' : '#60a5fa'}
        />
      </svg>
      <span className={inverse ? 'text-lg font-bold text-white' : 'text-lg font-bold text-navy-900'}>
        {company.shortName}
      </span>
    </Link>
  );
}
