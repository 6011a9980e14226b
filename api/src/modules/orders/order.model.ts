import { Model } from 'objection';
import type { OrderStatus, Shipping } from '@shared/schemas/orders';

export class Order extends Model {
  static override tableName = 'orders';

  id!: string;
  /** Sequential, from 10001: shown as NS-10001 (formatOrderNumber). bigint: pg returns it as a string. */
  number!: string;
  userId!: string;
  status!: OrderStatus;
  subtotalAmount!: string;
  taxAmount!: string;
  totalAmount!: string;
  currency!: string;
  /** Null only for an order made from a quote (its deposit was the quote's payment, decision 201). */
  paymentProvider!: 'stripe' | 'demo' | null;
  providerPaymentId!: string | null;
  shippingFullName!: string;
  shippingAddress!: string;
  shippingCity!: string;
  shippingState!: string;
  shippingZipCode!: string;
  shippingCountry!: string;
  paidAt!: Date | null;
  carrier!: string | null;
  trackingNumber!: string | null;
  shippedAt!: Date | null;
  deliveredAt!: Date | null;
  cancelledAt!: Date | null;
  /** The checkout attempt that made this order (pending orders are reused by a retried attempt). */
  checkoutAttemptKey!: string | null;
  /** The accepted quote this order was made from (decision 201); null for the shop's orders. */
  quoteId!: string | null;
  /** The part of the quote's deposit allocated to this order (numeric(10,2)); "0.00" for the shop's orders. */
  depositAmount!: string;
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}

/** A delivery address as an order stores it (checkout and a quote's order alike). */
export function shippingColumnsOf(shipping: Shipping) {
  return {
    shippingFullName: shipping.fullName,
    shippingAddress: shipping.address,
    shippingCity: shipping.city,
    shippingState: shipping.state,
    shippingZipCode: shipping.zipCode,
    shippingCountry: shipping.country,
  };
}
