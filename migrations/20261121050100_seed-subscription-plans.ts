import type { Knex } from 'knex';

/**
 * The managed IT plans offered on /pricing, present in every database from
 * the start. Prices are monthly, in USD. In Stripe mode each plan gets its
 * Product and Price from `npm run stripe:sync-plans`, which stores the price
 * id here. Later changes to plans belong in new migrations (or the database),
 * never in this one.
 */
export const seededPlans = [
  {
    name: 'Essentials',
    description:
      'Proactive monitoring and remote help desk for small offices of up to 15 users, so small problems never become outages.',
    price: '499.00',
    interval: 'month',
    features: [
      '24/7 monitoring of network, servers and internet links',
      'Remote help desk, Monday to Friday 8:00 AM to 6:00 PM',
      'Patch management for up to 15 workstations and 2 servers',
      'Managed endpoint antivirus',
      'Daily backup checks with alerting',
      'Next-business-day response',
      'Monthly health report',
    ],
  },
  {
    name: 'Professional',
    description:
      'Complete managed IT for growing businesses of up to 50 users: help desk around the clock, security built in and on-site support when you need it.',
    price: '1299.00',
    interval: 'month',
    features: [
      'Everything in Essentials, for up to 50 users',
      '24/7 help desk by phone, email and chat',
      '4-hour response to critical issues',
      'Managed firewall, Wi-Fi and switching',
      'Endpoint detection and response with email security',
      'Microsoft 365 administration and backup',
      'Up to 4 hours of on-site support each month',
      'Quarterly technology review with a senior engineer',
    ],
  },
  {
    name: 'Enterprise',
    description:
      'A dedicated engineering team for multi-site organizations: security operations, compliance and disaster recovery under one agreement.',
    price: '3499.00',
    interval: 'month',
    features: [
      'Everything in Professional, for unlimited users and sites',
      'Dedicated account engineer and virtual CIO',
      '1-hour response to critical issues, 24/7',
      'Security operations center monitoring (SIEM and threat hunting)',
      'Compliance reporting for HIPAA, PCI DSS and SOC 2 audits',
      'Disaster recovery plan with twice-yearly failover tests',
      'Up to 16 hours of on-site support each month',
      'Annual penetration test and network assessment',
    ],
  },
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex('subscription_plans')
    .insert(seededPlans.map((plan) => ({ ...plan, features: [...plan.features], isActive: true })))
    .onConflict('name')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  // Plans somebody subscribed to are kept (the subscriptions table refers to them).
  await knex('subscription_plans')
    .whereIn(
      'name',
      seededPlans.map((plan) => plan.name),
    )
    .whereNotExists(knex('subscriptions').whereRaw('subscriptions.plan_id = subscription_plans.id'))
    .delete();
}
