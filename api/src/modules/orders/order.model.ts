import { Model, type RelationMappings } from 'objection';
import { User } from '../users/user.model';
import { OrderItem } from './order-item.model';

export const orderStatuses = ['pending', 'paid', 'payment_failed', 'expired', 'completed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

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

  user?: User;
  items?: OrderItem[];

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'orders.userId', to: 'users.id' },
    },
    items: {
      relation: Model.HasManyRelation,
      modelClass: OrderItem,
      join: { from: 'orders.id', to: 'order_items.orderId' },
    },
  });

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
