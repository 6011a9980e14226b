import { fromCents, toCents } from '@shared/money';
import { formatOrderNumber, type OrderDetails, type OrderFulfilment, type OrderSummary } from '@shared/schemas/orders';
import type { OrderLine } from '../mail/templates/order-lines';
import type { OrderItem } from './order-item.model';
import type { Order } from './order.model';
import { toIso } from '../../db/instants';

export function toOrderSummary(order: Order & { itemCount?: number | string }): OrderSummary {
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    subtotalAmount: order.subtotalAmount,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    itemCount: Number(order.itemCount ?? 0),
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
  };
}

export function toOrderFulfilment(order: Order): OrderFulfilment {
  return {
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
    shippedAt: toIso(order.shippedAt ?? null),
    deliveredAt: toIso(order.deliveredAt ?? null),
    cancelledAt: toIso(order.cancelledAt ?? null),
  };
}

/** Where the order goes, as the API and the mails show it. */
export function toShippingAddress(order: Order): OrderDetails['shipping'] {
  return {
    fullName: order.shippingFullName,
    address: order.shippingAddress,
    city: order.shippingCity,
    state: order.shippingState,
    zipCode: order.shippingZipCode,
    country: order.shippingCountry,
  };
}

export function toOrderDetails(order: Order, items: OrderItem[]): OrderDetails {
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    paidAt: toIso(order.paidAt),
    currency: order.currency,
    subtotalAmount: order.subtotalAmount,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    shipping: toShippingAddress(order),
    items: items.map((item) => ({
      orderItemId: item.id,
      productId: item.productId,
      name: item.productName,
      quantity: item.quantity,
      price: item.price,
      lineTotal: fromCents(toCents(item.price) * item.quantity),
    })),
    fulfilment: toOrderFulfilment(order),
  };
}

/** An order's lines as its invoice and its mails list them: name, quantity, unit price and line total. */
export function toOrderLines(details: OrderDetails): OrderLine[] {
  return details.items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    unitPrice: item.price,
    lineTotal: item.lineTotal,
  }));
}
