import { Model } from 'objection';
import type { PlanInterval } from '@shared/schemas/subscriptions';

export class SubscriptionPlan extends Model {
  static override tableName = 'subscription_plans';

  id!: string;
  name!: string;
  description!: string;
  price!: string;
  interval!: PlanInterval;
  stripePriceId!: string | null;
  features!: string[];
  isActive!: boolean;
  createdAt!: Date;
}
