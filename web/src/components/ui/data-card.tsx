import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ButtonLink } from './button';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { Spinner } from './spinner';

interface QueryContent<T> {
  query: UseQueryResult<T>;
  /** What the card shows, for "Loading …" and "Unable to load your …" (e.g. "orders"). */
  what: string;
  /** Whether the data leaves nothing to show. */
  isEmpty(data: T): boolean;
  /** Shown instead when there is nothing: a line of text and a link onwards. */
  empty: { text: string; to: string; action: string };
  children(data: T): ReactNode;
}

type DataCardProps<T> = { title: string } & (QueryContent<T> | { query?: undefined; children: ReactNode });

/**
 * A titled card of the client's own data, as the portal shows it: given a
 * query, a spinner while it loads, an alert when it fails, the empty state
 * when there is nothing, or the data; given children, just those.
 */
export function DataCard<T>({ title, ...content }: DataCardProps<T>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{content.query ? <QueryState {...content} /> : content.children}</CardContent>
    </Card>
  );
}

function QueryState<T>({ query, what, isEmpty, empty, children }: QueryContent<T>) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} className="py-6" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Unable to load your {what}. Please reload the page.
      </p>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-600">{empty.text}</p>
        <ButtonLink to={empty.to} variant="outline" size="sm">
          {empty.action}
        </ButtonLink>
      </div>
    );
  }
  return children(query.data);
}

/** A card's list: one row per item, what it is on the left and its state on the right. */
export function DataRows<T extends { id: string }>({
  items,
  children,
}: {
  items: readonly T[];
  children(item: T): ReactNode;
}) {
  return (
    <ul className="flex flex-col divide-y divide-slate-200">
      {items.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
