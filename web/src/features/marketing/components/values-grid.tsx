import { Card } from '@/components/ui/card';
import { values } from '../content/about';

export function ValuesGrid() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {values.map(({ title, text, icon: Icon }) => (
        <li key={title}>
          <Card className="flex h-full flex-col gap-3 p-6">
            <Icon className="h-8 w-8 text-blue-700" aria-hidden="true" />
            <h3 className="text-lg font-semibold text-navy-900">{title}</h3>
            <p className="text-slate-700">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
