import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import { ORDER_STATUS_LABELS, orderStatuses } from '@shared/schemas/orders';
import { Input } from '@/components/ui/input';
import {
  ConsoleList,
  FilterField,
  ListFilters,
  SearchField,
  SelectFilter,
  twoWayPager,
  useListParams,
} from '@/components/console/console-list';
import { errorMessage } from '@/lib/api-client';
import { useAdminOrders } from '../api/admin-orders';
import { orderStatusParam, readOrderListParams } from './order-list-params';
import { StaffOrderStatus } from './order-status';
import { formatDateTime } from '@/lib/format';

const COLUMNS = [
  { label: 'Order' },
  { label: 'Placed' },
  { label: 'Customer' },
  { label: 'Items' },
  { label: 'Total', align: 'right' },
  { label: 'Status' },
] as const;

/**
 * The staff Orders list: search (number, customer name, email), status and
 * date filters, newest first, Next/Previous pages by cursor. Filters and the
 * page live in the URL, so a view can be shared and Back works; the list
 * follows staff events (a new paid order appears without reloading).
 */
export function OrdersScreen() {
  const [params, navigate] = useListParams();
  const request = readOrderListParams(params);
  const [draft, setDraft] = useState({ q: request.q, status: request.status, from: request.from, to: request.to });
  const orders = useAdminOrders(request);

  return (
    <ConsoleList
      title="Orders"
      intro="Newest first. Find an order by its number, the customer’s name or email."
      filters={
        <ListFilters label="Orders" submitLabel="Apply" onSubmit={() => navigate({ ...draft, cursor: null })}>
          <SearchField
            value={draft.q}
            onChange={(q) => setDraft({ ...draft, q })}
            placeholder="NS-10427, name or email"
            maxLength={100}
          />
          <SelectFilter
            label="Status"
            value={draft.status}
            onChange={(value) => setDraft({ ...draft, status: orderStatusParam(value) })}
            all="All statuses"
            options={orderStatuses.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
            className="w-48"
          />
          <FilterField label="From">
            <Input
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </FilterField>
          <FilterField label="To">
            <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </FilterField>
        </ListFilters>
      }
      query={orders}
      items={(page) => page.orders}
      texts={{
        loading: 'Loading orders',
        error: (error) => errorMessage(error, 'The orders could not be loaded. Please try again.'),
        empty: 'No orders match.',
      }}
      pager={(page) => twoWayPager(navigate, page)}
      view={{
        kind: 'table',
        caption: 'Orders, newest first',
        columns: COLUMNS,
        cells: (order) => (
          <>
            <td className="px-4 py-3">
              <Link
                to={`/admin/orders/${order.id}`}
                className="whitespace-nowrap font-mono font-semibold text-blue-700 hover:underline"
              >
                {order.number}
              </Link>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(order.createdAt)}</td>
            <td className="px-4 py-3">
              <span className="block font-medium text-slate-900">{order.customer.name ?? order.customer.username}</span>
              <span className="block text-slate-600">{order.customer.email ?? order.shippingName}</span>
            </td>
            <td className="px-4 py-3 text-slate-700">{order.itemCount}</td>
            <td className="px-4 py-3 text-right font-semibold text-slate-900">{formatPrice(order.totalAmount)}</td>
            <td className="px-4 py-3">
              <StaffOrderStatus status={order.status} />
            </td>
          </>
        ),
      }}
    />
  );
}
