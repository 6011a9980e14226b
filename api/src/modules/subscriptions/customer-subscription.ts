import type { Knex } from 'knex';

/** A customer's latest subscription with its plan's name, as the staff customer page shows it. */
export interface CustomerSubscriptionRow {
  id: string;
  status: string;
  currentPeriodEnd: Date | null;
  /** Cancelled by the client or staff: it ends at currentPeriodEnd and does not renew. */
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
  planName: string | null;
}

/** The customer's latest subscription (by when the provider created it), if they ever had one. */
export function latestSubscriptionOf(db: Knex, userId: string): Promise<CustomerSubscriptionRow | undefined> {
  return db('subscriptions as s')
    .leftJoin('subscription_plans as p', 'p.id', 's.planId')
    .where('s.userId', userId)
    .orderBy('s.providerCreatedAt', 'desc')
    .first<CustomerSubscriptionRow | undefined>(
      's.id',
      's.status',
      's.currentPeriodEnd',
      's.cancelAtPeriodEnd',
      's.createdAt',
      'p.name as planName',
    );
}
