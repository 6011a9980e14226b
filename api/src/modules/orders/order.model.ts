import { Model } from 'objection';
import type { OrderStatus } from '@shared/schemas/orders';

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
  paymentProvider!: 'stripe' | 'demo';
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
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
