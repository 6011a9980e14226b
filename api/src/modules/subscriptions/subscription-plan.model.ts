import { Model } from 'objection';
import type { PlanInterval, SubscriptionPlan as SubscriptionPlanDto } from '@shared/schemas/subscriptions';

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

  toDto(): SubscriptionPlanDto {
    return {
      id: this.id,
      name: this.name,
      description: this.description,
      price: this.price,
      interval: this.interval,
      stripePriceId: this.stripePriceId,
      features: this.features,
      isActive: this.isActive,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }
}
