import { Model } from 'objection';

export class Product extends Model {
  static override tableName = 'products';

  id!: string;
  name!: string;
  category!: string;
  description!: string;
  /** numeric(10,2) as PostgreSQL returns it, e.g. "1299.00". */
  price!: string;
  imageUrl!: string | null;
  /** numeric(2,1), e.g. "4.5", or null when unrated. */
  rating!: string | null;
  inStock!: boolean;
  /** Set when staff archive it: gone from the shop, kept on past orders. */
  archivedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
