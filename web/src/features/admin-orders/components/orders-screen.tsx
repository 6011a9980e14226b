import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import { ORDER_STATUS_LABELS, orderStatuses, type OrderStatus } from '@shared/schemas/orders';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAdminOrders, type AdminOrdersRequest } from '../api/admin-orders';
import { StaffOrderStatus } from './order-status';

const FILTERS = ['q', 'status', 'from', 'to'] as const;

function statusParam(value: string | null): OrderStatus | '' {
  return orderStatuses.find((status) => status === value) ?? '';
}

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The staff Orders list: search (number, customer name, email), status and
 * date filters, newest first, Next/Previous pages by cursor. Filters and the
 * page live in the URL, so a view can be shared and Back works; the list
 * follows staff events (a new paid order appears without reloading).
 */
export function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const request: AdminOrdersRequest = {
    q: params.get('q') ?? '',
    status: statusParam(params.get('status')),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    cursor: params.get('cursor') ?? '',
  };
  const [draft, setDraft] = useState({ q: request.q, status: request.status, from: request.from, to: request.to });
  const orders = useAdminOrders(request);

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTERS) if (draft[key]) next.set(key, draft[key]);
    setParams(next);
  };
  const goTo = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    setParams(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Orders</h1>
        <p className="mt-1 text-slate-600">Newest first. Find an order by its number, the customer’s name or email.</p>
      </div>
      <form onSubmit={apply} role="search" aria-label="Orders" className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <Input
            type="search"
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            placeholder="NS-10427, name or email"
            maxLength={100}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Status
          <Select
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: statusParam(event.target.value) })}
            className="w-48"
          >
            <option value="">All statuses</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          From
          <Input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          To
          <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <Button type="submit">Apply</Button>
      </form>

      {orders.isPending ? (
        <Spinner label="Loading orders" className="py-16" />
      ) : orders.isError ? (
        <FormAlert>{errorMessage(orders.error, 'The orders could not be loaded. Please try again.')}</FormAlert>
      ) : (
        <>
          <Card className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Orders, newest first</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Placed
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Customer
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Items
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Total
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.data.orders.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-10 text-center text-slate-600">
                      No orders match.
                    </td>
                  </tr>
                ) : (
                  orders.data.orders.map((order) => (
                    <tr key={order.id} className="hover:bg-slate-50">
                      <td className="px-4 py-3">
                        <Link
                          to={`/admin/orders/${order.id}`}
                          className="font-mono font-semibold text-blue-700 hover:underline"
                        >
                          {order.number}
                        </Link>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatWhen(order.createdAt)}</td>
                      <td className="px-4 py-3">
                        <span className="block font-medium text-slate-900">
                          {order.customer.name ?? order.customer.username}
                        </span>
                        <span className="block text-slate-600">{order.customer.email ?? order.shippingName}</span>
                      </td>
                      <td className="px-4 py-3 text-slate-700">{order.itemCount}</td>
                      <td className="px-4 py-3 text-right font-semibold text-slate-900">
                        {formatPrice(order.totalAmount)}
                      </td>
                      <td className="px-4 py-3">
                        <StaffOrderStatus status={order.status} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </Card>
          <nav aria-label="Pages" className="flex justify-between gap-3">
            <Button variant="outline" disabled={!orders.data.prevCursor} onClick={() => goTo(orders.data.prevCursor)}>
              Previous page
            </Button>
            <Button variant="outline" disabled={!orders.data.nextCursor} onClick={() => goTo(orders.data.nextCursor)}>
              Next page
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
