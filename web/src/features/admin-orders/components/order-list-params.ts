import { orderStatuses, type OrderStatus } from '@shared/schemas/orders';
import type { AdminOrdersRequest } from '../api/admin-orders';

/** An order status, or '' (all statuses) for anything else. */
export function orderStatusParam(value: string | null): OrderStatus | '' {
  return orderStatuses.find((status) => status === value) ?? '';
}

/**
 * The staff orders list as the URL asks for it (/admin/orders?q=&status=&from=&to=&cursor=). A status edited into
 * the URL that is not an order status is read as all statuses; the other values go to the API, which checks them.
 */
export function readOrderListParams(params: URLSearchParams): AdminOrdersRequest {
  return {
    q: params.get('q') ?? '',
    status: orderStatusParam(params.get('status')),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    cursor: params.get('cursor') ?? '',
  };
}
