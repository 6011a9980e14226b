import { Model, type RelationMappings } from 'objection';
import type { ProviderSubscriptionStatus } from '@shared/schemas/subscriptions';
import { SubscriptionPlan } from './subscription-plan.model';

/** Whether a subscription ends at the end of the period (or on a fixed date) instead of renewing. */
export function isCancelling(subscription: { cancelAtPeriodEnd: boolean; cancelAt: Date | null }): boolean {
  return subscription.cancelAtPeriodEnd || subscription.cancelAt !== null;
}

/** A subscription at the payment provider, as last synchronised (see subscription-state.ts). */
export class Subscription extends Model {
  static override tableName = 'subscriptions';

  id!: string;
  userId!: string;
  provider!: 'stripe' | 'demo';
  providerSubscriptionId!: string;
  planId!: string | null;
  providerPriceId!: string | null;
  status!: ProviderSubscriptionStatus;
  currentPeriodStart!: Date | null;
  currentPeriodEnd!: Date | null;
  cancelAtPeriodEnd!: boolean;
  cancelAt!: Date | null;
  canceledAt!: Date | null;
  endedAt!: Date | null;
  latestInvoiceId!: string | null;
  providerCreatedAt!: Date;
  syncedAt!: Date;
  createdAt!: Date;
  updatedAt!: Date;

  plan?: SubscriptionPlan | null;

  static override relationMappings = (): RelationMappings => ({
    plan: {
      relation: Model.BelongsToOneRelation,
      modelClass: SubscriptionPlan,
      join: { from: 'subscriptions.planId', to: 'subscription_plans.id' },
    },
  });

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }

  /** Whether it ends at the end of the period (or on a fixed date) instead of renewing. */
  get isCancelling(): boolean {
    return isCancelling(this);
  }
}
