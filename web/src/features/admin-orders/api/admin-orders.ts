import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetails, AdminOrderPage } from '@shared/schemas/admin-orders';
import type { OrderStatus } from '@shared/schemas/orders';
import { useStaffEvents } from '@/lib/live/staff-events';
import { apiJson } from '@/lib/api-client';

export const adminOrdersQueryKey = ['/api/admin/orders'] as const;

export interface AdminOrdersRequest {
  q: string;
  status: OrderStatus | '';
  from: string;
  to: string;
  cursor: string;
}

/** Lists and order pages ask again when an order changes anywhere (staff events, decision 100). */
function useOrdersFollowEvents() {
  const queryClient = useQueryClient();
  useStaffEvents(
    ['order.paid', 'order.updated'],
    () => void queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  );
}

/** GET /api/admin/orders: one page of orders, newest first. */
export function useAdminOrders(request: AdminOrdersRequest) {
  useOrdersFollowEvents();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) if (value) query.set(key, value);
  return useQuery({
    queryKey: [...adminOrdersQueryKey, 'list', request],
    queryFn: () => apiJson<AdminOrderPage>('GET', `/api/admin/orders?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/orders/:id: the order with its customer, payment and timeline. */
export function useAdminOrder(orderId: string) {
  useOrdersFollowEvents();
  return useQuery({
    queryKey: [...adminOrdersQueryKey, 'one', orderId],
    queryFn: () => apiJson<AdminOrderDetails>('GET', `/api/admin/orders/${encodeURIComponent(orderId)}`),
  });
}

export interface OrderStatusChange {
  status: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
}

/** PATCH /api/admin/orders/:id: the next fulfilment step (409 with the reason when it is not allowed). */
export function useUpdateOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderStatusChange) =>
      apiJson<AdminOrderDetails>('PATCH', `/api/admin/orders/${encodeURIComponent(orderId)}`, change),
    onSuccess: (order) => {
      queryClient.setQueryData([...adminOrdersQueryKey, 'one', orderId], order);
      void queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey });
    },
  });
}
