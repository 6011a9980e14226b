import { Model } from 'objection';

export class SubscriptionPlan extends Model {
  static override tableName = 'subscription_plans';

  id!: string;
  name!: string;
  description!: string;
  price!: string;
  interval!: 'month' | 'year';
  stripePriceId!: string | null;
  features!: string[];
  isActive!: boolean;
  createdAt!: Date;
}
