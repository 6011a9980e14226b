import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { leader } from '../content/about';

export function LeadershipCard() {
  return (
    <Card className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start sm:p-8">
      <span
        className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-navy-900 text-3xl font-bold text-white"
        aria-hidden="true"
      >
        {leader.initials}
      </span>
      <div className="flex flex-col gap-3">
        <div>
          <h3 className="text-xl font-semibold text-navy-900">{leader.name}</h3>
          <p className="font-medium text-blue-700">{leader.role}</p>
        </div>
        <p className="text-slate-700">{leader.bio}</p>
        <ul className="flex flex-wrap gap-2" aria-label="Credentials">
          {leader.credentials.map((credential) => (
            <li key={credential}>
              <Badge variant="neutral">{credential}</Badge>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
