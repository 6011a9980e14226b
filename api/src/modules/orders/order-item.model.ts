import { Model } from 'objection';

export class OrderItem extends Model {
  static override tableName = 'order_items';

  id!: string;
  orderId!: string;
  productId!: string;
  productName!: string;
  quantity!: number;
  /** Unit price charged, numeric(10,2) as a string. */
  price!: string;
}
