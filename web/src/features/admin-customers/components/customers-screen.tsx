import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAdminCustomers } from '../api/admin-customers';

/** The staff Customers list: search by a part of the name, username or email; newest first; cursor pages. */
export function CustomersScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cursor = params.get('cursor') ?? '';
  const [draft, setDraft] = useState(q);
  const customers = useAdminCustomers({ q, cursor });
  const goTo = (next: string | null) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('cursor', next);
    else updated.delete('cursor');
    setParams(updated);
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Customers</h1>
        <p className="mt-1 text-slate-600">Client accounts, newest first.</p>
      </div>
      <form
        role="search"
        aria-label="Customers"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(draft ? { q: draft } : {});
        }}
      >
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Search customers
          <Input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Name, username or email"
            maxLength={100}
          />
        </label>
        <Button type="submit">Search</Button>
      </form>
      {customers.isPending ? (
        <Spinner label="Loading customers" className="py-16" />
      ) : customers.isError ? (
        <FormAlert>{errorMessage(customers.error, 'The customers could not be loaded. Please try again.')}</FormAlert>
      ) : (
        <>
          <Card className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Customers, newest first</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Customer
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Orders
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Since
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {customers.data.customers.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="px-4 py-10 text-center text-slate-600">
                      No customers match.
                    </td>
                  </tr>
                ) : (
                  customers.data.customers.map((customer) => (
                    <tr key={customer.id} className="hover:bg-slate-50">
                      <td className="px-4 py-3">
                        <Link
                          to={`/admin/customers/${customer.id}`}
                          className="font-semibold text-blue-700 hover:underline"
                        >
                          {customer.name ?? customer.username}
                        </Link>
                        <span className="block text-slate-600">{customer.username}</span>
                      </td>
                      <td className="px-4 py-3 text-slate-700">{customer.email ?? '—'}</td>
                      <td className="px-4 py-3 text-slate-700">{customer.orderCount}</td>
                      <td className="px-4 py-3 text-slate-700">{formatDate(customer.createdAt)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </Card>
          <nav aria-label="Pages" className="flex justify-between gap-3">
            <Button
              variant="outline"
              disabled={!customers.data.prevCursor}
              onClick={() => goTo(customers.data.prevCursor)}
            >
              Previous page
            </Button>
            <Button
              variant="outline"
              disabled={!customers.data.nextCursor}
              onClick={() => goTo(customers.data.nextCursor)}
            >
              Next page
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
