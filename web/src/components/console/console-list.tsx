import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { changedParams, type ListParamChanges } from './list-params';

/**
 * The console's list screens (orders, customers, enquiries, service requests,
 * outbox, catalogue) share one shape: a heading, filters kept in the URL, a
 * list that loads, fails or is empty, a pager, and for inboxes the open item
 * beside the list. Each screen says what differs; this file draws the rest.
 */

type Navigate = (changes: ListParamChanges) => void;

/**
 * The URL's query, and a way to change some of its keys (null or '' removes a key).
 * The change is rendered at once (flushSync), not in the router's transition: the
 * filters are controlled by the URL, and a checkbox or select whose new value
 * waited for a transition would show its old value meanwhile.
 */
export function useListParams(): [URLSearchParams, Navigate] {
  const [params, setParams] = useSearchParams();
  const navigate = (changes: ListParamChanges) => setParams(changedParams(params, changes), { flushSync: true });
  return [params, navigate];
}

/** One labelled filter: its label above the control; `grow` lets a search box take the free width. */
export function FilterField({ label, grow, children }: { label: string; grow?: boolean; children: ReactNode }) {
  return (
    <label className={cn('flex flex-col gap-1 text-sm font-medium text-slate-700', grow && 'min-w-56 flex-1')}>
      {label}
      {children}
    </label>
  );
}

/** The list's search box, taking the free width of the filters' row. */
export function SearchField({
  label = 'Search',
  value,
  onChange,
  placeholder,
  maxLength = 200,
}: {
  label?: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  maxLength?: number;
}) {
  return (
    <FilterField label={label} grow>
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </FilterField>
  );
}

/** A choice among values, applied as soon as it changes; `all` is the empty choice's label. */
export function SelectFilter({
  label,
  value,
  onChange,
  all,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  all: string;
  options: readonly (string | { value: string; label: string })[];
  className?: string;
}) {
  return (
    <FilterField label={label}>
      <Select value={value} onChange={(event) => onChange(event.target.value)} className={className}>
        <option value="">{all}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </Select>
    </FilterField>
  );
}

/** The filters of a list: a search form, submitted with its button (selects may also apply at once). */
export function ListFilters({
  label,
  submitLabel,
  onSubmit,
  children,
}: {
  /** The search landmark's name. */
  label: string;
  submitLabel: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}

interface PagerLink {
  label: string;
  /** Null: the button is disabled. */
  go: (() => void) | null;
}

/** Previous page / Next page by the two cursors of a page, kept in the URL as `cursor`. */
export function twoWayPager(navigate: Navigate, page: { prevCursor: string | null; nextCursor: string | null }) {
  return {
    previous: { label: 'Previous page', go: page.prevCursor ? () => navigate({ cursor: page.prevCursor }) : null },
    next: { label: 'Next page', go: page.nextCursor ? () => navigate({ cursor: page.nextCursor }) : null },
  };
}

/**
 * Newest / Older: back to the first page, or on to the page after this one. `key` is the cursor's name in the URL;
 * `alsoClear` names keys the move empties (e.g. the open item).
 */
export function newestOlderPager(
  navigate: Navigate,
  cursor: string | null,
  nextCursor: string | null,
  { key = 'cursor', older = 'Older', alsoClear = [] as string[] } = {},
) {
  const cleared = Object.fromEntries(alsoClear.map((name) => [name, null]));
  return {
    previous: { label: 'Newest', go: cursor ? () => navigate({ [key]: null, ...cleared }) : null },
    next: { label: older, go: nextCursor ? () => navigate({ [key]: nextCursor, ...cleared }) : null },
  };
}

/** A table of rows: each row's cells, in the columns' order. */
interface TableView<Item> {
  kind: 'table';
  caption: string;
  columns: readonly { label: string; align?: 'right' }[];
  cells(item: Item): ReactNode;
}

/** An inbox: the items as buttons, the open one beside the list (under it on narrow screens, instead of it). */
interface InboxView<Item> {
  kind: 'inbox';
  /** The list's accessible name. */
  label: string;
  item(item: Item): ReactNode;
  selectedId: string | null;
  onSelect(id: string): void;
  /** The open item; null when none is. */
  detail: ReactNode;
  /** Shown beside the list when nothing is open. */
  placeholder: string;
  /** Shows a "Back to the list" button above the open item on narrow screens (else the detail has its own). */
  onClose?: () => void;
  /** From which width list and item stand side by side. */
  wide?: 'md' | 'lg';
}

const SIDE_BY_SIDE = {
  md: {
    grid: 'md:grid-cols-5',
    list: 'md:col-span-2 md:flex md:border-r',
    detail: 'md:col-span-3 md:block',
    back: 'md:hidden',
  },
  lg: {
    grid: 'lg:grid-cols-5',
    list: 'lg:col-span-2 lg:flex lg:border-r',
    detail: 'lg:col-span-3 lg:block',
    back: 'lg:hidden',
  },
} as const;

export interface ConsoleListProps<Page, Item extends { id: string }> {
  title: string;
  intro: string;
  /** Beside the heading (e.g. a refresh button). */
  actions?: ReactNode;
  /** Under the heading: usually a ListFilters. */
  filters?: ReactNode;
  query: UseQueryResult<Page>;
  items(page: Page): readonly Item[];
  texts: { loading: string; error: string | ((error: Error) => string); empty: string };
  /** Cursor pages; none for a list that comes whole. */
  pager?(page: Page): { previous: PagerLink; next: PagerLink };
  view: TableView<Item> | InboxView<Item>;
}

/** A console list screen: heading, filters, the list in its states, the pager, and (inboxes) the open item. */
export function ConsoleList<Page, Item extends { id: string }>(props: ConsoleListProps<Page, Item>) {
  const { title, intro, actions, filters, query, view } = props;
  const inbox = view.kind === 'inbox' ? view : null;
  const wide = SIDE_BY_SIDE[inbox?.wide ?? 'md'];

  let body: ReactNode;
  if (query.isPending) {
    body = <Spinner label={props.texts.loading} className="py-12" />;
  } else if (query.isError) {
    const { error } = props.texts;
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-sm text-red-700">
        <p>{typeof error === 'string' ? error : error(query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    const items = props.items(query.data);
    const pages = props.pager?.(query.data);
    body = (
      <>
        {items.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">{props.texts.empty}</p>
        ) : view.kind === 'table' ? (
          <ListTable view={view} items={items} />
        ) : (
          <ul aria-label={view.label} className="divide-y divide-slate-200 overflow-y-auto">
            {items.map((item) => {
              const selected = item.id === view.selectedId;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => view.onSelect(item.id)}
                    className={cn(
                      'flex w-full cursor-pointer flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-offset-[-2px]',
                      selected && 'bg-blue-50 hover:bg-blue-50',
                    )}
                  >
                    {view.item(item)}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {pages ? (
          <nav aria-label="Pages" className="mt-auto flex justify-between gap-2 border-t border-slate-200 p-2">
            {[pages.previous, pages.next].map((link) => (
              <Button key={link.label} variant="ghost" size="sm" disabled={!link.go} onClick={() => link.go?.()}>
                {link.label}
              </Button>
            ))}
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
          <p className="mt-1 text-slate-600">{intro}</p>
        </div>
        {actions}
      </div>
      {filters}
      {inbox ? (
        <Card className={cn('grid min-h-[600px] grid-cols-1 overflow-hidden', wide.grid)}>
          <div className={cn('min-h-0 flex-col border-slate-200', wide.list, inbox.selectedId ? 'hidden' : 'flex')}>
            {body}
          </div>
          <div className={cn('min-h-0', wide.detail, inbox.selectedId ? 'block' : 'hidden')}>
            {inbox.selectedId ? (
              <>
                {inbox.onClose ? (
                  <Button variant="ghost" size="sm" className={cn('m-2', wide.back)} onClick={inbox.onClose}>
                    Back to the list
                  </Button>
                ) : null}
                {inbox.detail}
              </>
            ) : (
              <p className="p-6 text-center text-sm text-slate-600">{inbox.placeholder}</p>
            )}
          </div>
        </Card>
      ) : (
        <Card className="flex flex-col overflow-hidden">{body}</Card>
      )}
    </div>
  );
}

function ListTable<Item extends { id: string }>({ view, items }: { view: TableView<Item>; items: readonly Item[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{view.caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {view.columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-4 py-3 font-semibold', column.align === 'right' && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id} className="hover:bg-slate-50">
              {view.cells(item)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
