import { Model } from 'objection';
import type { OrderStatus } from '@shared/schemas/orders';

export class Order extends Model {
  static override tableName = 'orders';

  id!: string;
  userId!: string;
  status!: OrderStatus;
  subtotalAmount!: string;
  taxAmount!: string;
  totalAmount!: string;
  currency!: string;
  paymentProvider!: 'stripe' | 'demo';
  stripePaymentId!: string | null;
  shippingFullName!: string;
  shippingAddress!: string;
  shippingCity!: string;
  shippingState!: string;
  shippingZipCode!: string;
  shippingCountry!: string;
  paidAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
