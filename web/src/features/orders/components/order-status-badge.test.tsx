import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, orderStatuses } from '@shared/schemas/orders';
import { SUBSCRIPTION_STATUS_LABELS } from '@shared/subscriptions';
import { SubscriptionStatusBadge } from '../../subscriptions/components/subscription-status-badge';
import { OrderStatusBadge } from './order-status-badge';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('status badges read the shared labels', () => {
  it.each(orderStatuses)('an order %s', (status) => {
    expect(text(renderToStaticMarkup(<OrderStatusBadge status={status} />))).toBe(ORDER_STATUS_LABELS[status]);
  });

  it('a failed payment reads as everywhere else', () => {
    expect(text(renderToStaticMarkup(<OrderStatusBadge status="payment_failed" />))).toBe('Payment failed');
  });

  it.each(['none', 'active', 'trialing', 'past_due', 'unpaid', 'paused'] as const)('a subscription %s', (status) => {
    const html = renderToStaticMarkup(
      <SubscriptionStatusBadge status={{ status, cancelAtPeriodEnd: false, currentPeriodEnd: null }} />,
    );
    expect(text(html)).toBe(SUBSCRIPTION_STATUS_LABELS[status]);
  });
});
