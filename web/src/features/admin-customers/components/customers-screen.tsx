import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConsoleList, ListFilters, SearchField, twoWayPager, useListParams } from '@/components/console/console-list';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAdminCustomers } from '../api/admin-customers';

const COLUMNS = [{ label: 'Customer' }, { label: 'Email' }, { label: 'Orders' }, { label: 'Since' }] as const;

/** The staff Customers list: search by a part of the name, username or email; newest first; cursor pages. */
export function CustomersScreen() {
  const [params, navigate] = useListParams();
  const q = params.get('q') ?? '';
  const cursor = params.get('cursor') ?? '';
  const [draft, setDraft] = useState(q);
  const customers = useAdminCustomers({ q, cursor });
  return (
    <ConsoleList
      title="Customers"
      intro="Client accounts, newest first."
      filters={
        <ListFilters label="Customers" submitLabel="Search" onSubmit={() => navigate({ q: draft, cursor: null })}>
          <SearchField
            label="Search customers"
            value={draft}
            onChange={setDraft}
            placeholder="Name, username or email"
            maxLength={100}
          />
        </ListFilters>
      }
      query={customers}
      items={(page) => page.customers}
      texts={{
        loading: 'Loading customers',
        error: (error) => errorMessage(error, 'The customers could not be loaded. Please try again.'),
        empty: 'No customers match.',
      }}
      pager={(page) => twoWayPager(navigate, page)}
      view={{
        kind: 'table',
        caption: 'Customers, newest first',
        columns: COLUMNS,
        cells: (customer) => (
          <>
            <td className="px-4 py-3">
              <Link to={`/admin/customers/${customer.id}`} className="font-semibold text-blue-700 hover:underline">
                {customer.name ?? customer.username}
              </Link>
              <span className="block text-slate-600">{customer.username}</span>
            </td>
            <td className="px-4 py-3 text-slate-700">{customer.email ?? '—'}</td>
            <td className="px-4 py-3 text-slate-700">{customer.orderCount}</td>
            <td className="px-4 py-3 text-slate-700">{formatDate(customer.createdAt)}</td>
          </>
        ),
      }}
    />
  );
}
