import { Model, type RelationMappings } from 'objection';
import { Product } from '../catalog/product.model';
import { Order } from './order.model';

export class OrderItem extends Model {
  static override tableName = 'order_items';

  id!: string;
  orderId!: string;
  productId!: string;
  productName!: string;
  quantity!: number;
  /** Unit price charged, numeric(10,2) as a string. */
  price!: string;

  order?: Order;
  product?: Product;

  static override relationMappings = (): RelationMappings => ({
    order: {
      relation: Model.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'order_items.orderId', to: 'orders.id' },
    },
    product: {
      relation: Model.BelongsToOneRelation,
      modelClass: Product,
      join: { from: 'order_items.productId', to: 'products.id' },
    },
  });
}
