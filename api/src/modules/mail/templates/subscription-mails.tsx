import { company } from '@shared/site/company';
import { Action, Details, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface SubscriptionMailData {
  name: string;
  planName: string;
  /** "1299.00" per `interval`. */
  price: string;
  interval: string;
  /** ISO 8601: the renewal date, or the end date of a cancelled plan. */
  periodEnd: string | null;
  /** The payment's invoice ("2026-000123"), attached as a PDF; only on the mails of a payment. */
  invoiceNumber?: string;
}

const formatDay = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: company.hours.timeZone,
      })
    : 'the end of the billing period';

const reason = `You are receiving this email because you have a managed IT plan with ${company.name}.`;
const priceOf = (data: SubscriptionMailData) => `$${data.price} per ${data.interval}`;

/** The plan is paid for and running. */
export const subscriptionStarted = defineTemplate<SubscriptionMailData>({
  subject: (data) => `Your ${data.planName} plan is active`,
  reason,
  Body: ({ data, ctx }) => (
    <>
      <Title>
        Welcome to {data.planName}, {data.name}
      </Title>
      <Paragraph>Your payment went through and your plan is active. This email is your receipt.</Paragraph>
      <Details
        rows={[
          ['Plan', data.planName],
          ['Price', priceOf(data)],
          ['Renews on', formatDay(data.periodEnd)],
          ...(data.invoiceNumber ? [['Invoice', `${data.invoiceNumber} (PDF attached)`] as const] : []),
        ]}
      />
      <Action href={ctx.url('/portal')} label="See your plan in the portal" />
      <Paragraph muted>Our team will be in touch to start onboarding. Questions? Call us at {company.phone}.</Paragraph>
    </>
  ),
});

/** A renewal was paid. */
export const subscriptionRenewed = defineTemplate<SubscriptionMailData>({
  subject: (data) => `Your ${data.planName} plan has renewed`,
  reason,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your plan has renewed</Title>
      <Paragraph>
        We received the payment of {priceOf(data)} for your {data.planName} plan. This email is your receipt.
      </Paragraph>
      <Details
        rows={[
          ['Plan', data.planName],
          ['Next renewal', formatDay(data.periodEnd)],
          ...(data.invoiceNumber ? [['Invoice', `${data.invoiceNumber} (PDF attached)`] as const] : []),
        ]}
      />
      <Action href={ctx.url('/portal')} label="See your plan in the portal" />
    </>
  ),
});

/** A payment for the plan did not go through. */
export const subscriptionPaymentFailed = defineTemplate<SubscriptionMailData>({
  subject: (data) => `Payment failed for your ${data.planName} plan`,
  reason,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your payment did not go through</Title>
      <Paragraph>
        Hello {data.name}, we could not take the payment of {priceOf(data)} for your {data.planName} plan. To keep your
        plan, choose it on the pricing page and pay the open invoice with a working card.
      </Paragraph>
      <Action href={ctx.url('/pricing')} label="Pay the open invoice" />
      <Paragraph muted>Questions? Reply to this email or call us at {company.phone}.</Paragraph>
    </>
  ),
});

/** The client cancelled: the plan runs until the end of the period already paid. */
export const subscriptionCancelled = defineTemplate<SubscriptionMailData>({
  subject: (data) => `Your ${data.planName} plan is cancelled`,
  preview: (data) => `It ends on ${formatDay(data.periodEnd)}.`,
  reason,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your plan is cancelled</Title>
      <Paragraph>
        Hello {data.name}, your {data.planName} plan is cancelled as you asked. It stays active until it ends on{' '}
        <strong>{formatDay(data.periodEnd)}</strong>, and you will not be charged again.
      </Paragraph>
      <Paragraph>Changed your mind? You can renew it on the pricing page before then, at no extra charge.</Paragraph>
      <Action href={ctx.url('/pricing')} label="Renew your plan" />
    </>
  ),
});

/** A cancelled plan was renewed before it ended. */
export const subscriptionResumed = defineTemplate<SubscriptionMailData>({
  subject: (data) => `Your ${data.planName} plan will continue`,
  reason,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your plan will continue</Title>
      <Paragraph>
        Hello {data.name}, your {data.planName} plan is no longer cancelled. It renews on{' '}
        <strong>{formatDay(data.periodEnd)}</strong> at {priceOf(data)}.
      </Paragraph>
      <Action href={ctx.url('/portal')} label="See your plan in the portal" />
    </>
  ),
});
