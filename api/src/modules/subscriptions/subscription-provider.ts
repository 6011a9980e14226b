import type { Knex } from 'knex';
import type { ProviderSubscriptionStatus } from '@shared/schemas/subscriptions';
import type { Logger } from '../../logger';
import type { User } from '../users/user.model';
import type { SubscriptionPlan } from './subscription-plan.model';
import type { SubscriptionProviderName } from './subscription-state';

/** The provider could not be reached or refused a call; `cause` has the details for the log. */
export class ProviderFailure extends Error {
  override name = 'ProviderFailure';
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The payment provider failed');
  }
}

/** A subscription at the provider, as the subscription rules see it; `source` is the provider's own object. */
export interface ProviderSubscription<Source> {
  id: string;
  status: ProviderSubscriptionStatus;
  planId: string | null;
  /** Ends at the period end (or on a fixed date) instead of renewing. */
  cancelling: boolean;
  source: Source;
}

/** One subscription change for one user: inside a transaction that holds the user's row lock. */
export interface SubscriptionOperation {
  trx: Knex.Transaction;
  /** The user as read under the lock. */
  user: User;
  logger: Logger;
}

export interface SubscriptionChange {
  plan?: SubscriptionPlan;
  cancelAtPeriodEnd?: boolean;
}

/**
 * A call that a retry must not repeat (a quote's subscription, decision 201): the same key makes the same
 * subscription or change (Stripe's idempotency keys; the demo provider derives the subscription's id from it).
 */
export interface ProviderCallOptions {
  idempotencyKey?: string;
}

/**
 * What the subscription rules (subscriptions.service.ts) need from a payment
 * provider: Stripe Billing, or the demo provider that mirrors it. Every
 * method that changes something applies the provider's resulting state
 * through `applySubscriptionSnapshot`, the code the Stripe webhook uses.
 */
export interface SubscriptionProvider<Source = unknown> {
  readonly name: SubscriptionProviderName;
  /** Whether the plan can be subscribed to online with this provider (Stripe needs a Price). */
  offers(plan: SubscriptionPlan): boolean;
  /** Work done before the user's lock is taken and committed on its own (Stripe: the customer). */
  prepare(user: User, logger: Logger): Promise<void>;
  /**
   * The user's subscriptions that have not ended, newest first, read from the
   * provider (and applied here, which also heals missed webhooks).
   */
  openSubscriptions(op: SubscriptionOperation): Promise<ProviderSubscription<Source>[]>;
  /** Makes the plan subscribable with this provider if it is not yet (Stripe: a Product and a Price made for it). */
  ensurePlanPrice(plan: SubscriptionPlan, options: Required<ProviderCallOptions>, logger: Logger): Promise<void>;
  /** Starts a subscription; its first payment waits for `clientSecret` (null when nothing is due). */
  create(
    op: SubscriptionOperation,
    plan: SubscriptionPlan,
    options?: ProviderCallOptions,
  ): Promise<{ clientSecret: string | null }>;
  /** The client secret to pay the subscription's open invoice with, or null when there is none to pay. */
  openInvoiceSecret(op: SubscriptionOperation, subscription: ProviderSubscription<Source>): Promise<string | null>;
  /** Gives up an unpaid, incomplete subscription. */
  discard(op: SubscriptionOperation, subscription: ProviderSubscription<Source>): Promise<void>;
  /** Switches the plan (prorated) and/or sets whether it ends at the period end. */
  update(
    op: SubscriptionOperation,
    subscription: ProviderSubscription<Source>,
    change: SubscriptionChange,
    options?: ProviderCallOptions,
  ): Promise<void>;
  /** Brings a subscription still waiting for its first payment up to date (before answering its status). */
  refreshPending(db: Knex, user: User, logger: Logger): Promise<void>;
}
