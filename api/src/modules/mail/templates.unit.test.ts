import { describe, expect, it } from 'vitest';
import { company } from '@shared/site/company';
import { validShipping } from '../../test/commerce-factories';
import { secretsOfMail } from './mail-secrets';
import { mailContext, renderMail } from './render-mail';
import { mailTemplates, type MailData, type MailTemplateName } from './templates';

const ctx = mailContext('https://www.example.com');
const order = {
  name: 'Ada',
  orderId: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
  orderNumber: 'NS-10427',
  lines: [
    { name: 'Ubiquiti Switch', quantity: 2, unitPrice: '1299.00', lineTotal: '2598.00' },
    { name: 'Cat6 Cable <1000 ft>', quantity: 1, unitPrice: '89.50', lineTotal: '89.50' },
  ],
  subtotal: '2687.50',
  tax: '228.44',
  taxLabel: 'State Tax (8.5%)',
  total: '2915.94',
  shipping: validShipping,
};
const plan = {
  name: 'Ada',
  planName: 'Professional',
  price: '1299.00',
  interval: 'month',
  periodEnd: '2026-12-23T18:00:00.000Z',
};
const customer = { name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' };
const enquiry = {
  name: 'Priya',
  email: 'priya@example.com',
  phone: null,
  company: null,
  service: 'AI & Automation' as const,
  message: 'Hello\nthere',
};

const ticketId = '5e1f0c2a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
/** 2:30 PM in Chicago (CST, UTC−6) on December 1, 2026. */
const consultationTime = {
  requestId: ticketId,
  name: 'Ada',
  startsAt: '2026-12-01T20:30:00.000Z',
  timeZone: 'America/Chicago',
  durationMinutes: 60,
};

/** One sample of every template's data, and what its plain text must say. */
const samples: { [Name in MailTemplateName]: [MailData<Name>, ...string[]] } = {
  welcome: [
    { name: 'Ada', username: 'ada', verifyToken: 'V3R' },
    'Welcome, Ada',
    'https://www.example.com/confirm-email?token=V3R',
  ],
  'email-verification': [
    { name: 'Ada', username: 'ada', email: 'ada@example.com', token: 'T0K' },
    'ada@example.com',
    'https://www.example.com/confirm-email?token=T0K',
  ],
  'password-reset': [
    { name: 'Ada', username: 'ada', token: 'T0K' },
    'https://www.example.com/reset-password?token=T0K',
  ],
  'password-changed': [
    { name: 'Ada', username: 'ada', changedAt: '2026-11-26T21:05:00.000Z', how: 'reset' },
    'Your password was changed',
    'reset with an emailed link on Nov 26, 2026, 3:05 PM CST',
    'https://www.example.com/forgot-password',
  ],
  'email-change': [
    { name: 'Ada', username: 'ada', newEmail: 'new@example.com', token: 'T0K' },
    'new@example.com',
    'https://www.example.com/confirm-email?token=T0K',
  ],
  'contact-acknowledgement': [
    {
      service: enquiry.service,
      copy: enquiry,
      awayNotice: "Our office is closed right now: we're back Monday at 8:00 AM Central.",
    },
    "we're back Monday at 8:00 AM Central",
    'within 24 hours',
    'Thanks for your message, Priya',
    'Hello\nthere',
    'AI & Automation',
  ],
  'staff-new-enquiry': [
    { ...enquiry, fromClientAccount: true, ticketNumber: 'T-10001' },
    'priya@example.com',
    'New service request T-10001',
    'answer on service request T-10001 in the console',
  ],
  'order-receipt': [
    { ...order, paidAt: '2026-11-23T15:00:00.000Z' },
    'This email is your receipt',
    'Order: NS-10427',
    'Ubiquiti Switch × 2',
    'Cat6 Cable <1000 ft> × 1',
    '$2,598.00',
    'State Tax (8.5%) $228.44',
    '$228.44',
    'Total $2,915.94',
    'Minneapolis, MN 55401',
    `https://www.example.com/order-confirmation?order=${order.orderId}`,
  ],
  'order-refund': [
    {
      name: 'Ada',
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      amount: '25.00',
      refundedTotal: '125.00',
      orderTotal: '2915.94',
      full: false,
      lines: ['1 × Cat6 Cable <1000 ft>'],
      creditNoteNumber: 'CN-2026-0007',
    },
    'We refunded $25.00',
    'order NS-10427',
    'CN-2026-0007 (PDF attached)',
    '1 × Cat6 Cable <1000 ft>',
    '$125.00 of $2915.94',
    'Partly refunded',
    `https://www.example.com/order-confirmation?order=${order.orderId}`,
  ],
  'order-shipped': [
    {
      name: 'Ada',
      orderId: order.orderId,
      orderNumber: 'NS-10427',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shipping: validShipping,
    },
    'We have shipped order NS-10427',
    'UPS',
    '1Z999AA10123456784',
    'Minneapolis, MN 55401',
    `https://www.example.com/order-confirmation?order=${order.orderId}`,
  ],
  'order-cancelled': [
    { name: 'Ada', orderId: order.orderId, orderNumber: 'NS-10427', total: '2915.94' },
    'We have cancelled order NS-10427',
    '$2,915.94',
    'confirmed in an email of its own',
    `https://www.example.com/order-confirmation?order=${order.orderId}`,
  ],
  'order-paid-after-cancellation': [
    { name: 'Ada', orderId: order.orderId, orderNumber: 'NS-10427', amount: '2915.94', why: 'cancelled' },
    'reached us after the order had been cancelled',
    '$2,915.94',
    'NS-10427 (cancelled)',
  ],
  'staff-payment-after-cancellation': [
    {
      name: 'Ada',
      orderId: order.orderId,
      orderNumber: 'NS-10427',
      amount: '2915.94',
      why: 'second_payment',
      customer,
    },
    'An order was paid twice',
    'ada@example.com',
    '$2,915.94',
    `/admin/orders/${order.orderId}`,
  ],
  'staff-order-paid': [{ ...order, customer }, 'ada@example.com', 'Ada Lovelace', '$2,915.94'],
  'consultation-booked': [
    {
      name: 'Ada',
      amount: '199.00',
      description: 'Technical Consultation - 1 Hour',
      paidAt: '2026-11-23T15:00:00.000Z',
    },
    'one business day',
    '$199.00',
  ],
  'staff-consultation-paid': [
    { customer, amount: '199.00', paymentId: 'pi_123', topic: 'Wi-Fi dead zones', preferredTimes: 'Tue mornings' },
    'ada@example.com',
    'pi_123',
    'Wi-Fi dead zones',
    'Tue mornings',
  ],
  'subscription-started': [plan, 'Professional', '$1299.00 per month', 'December 23, 2026'],
  'subscription-renewed': [plan, 'Next renewal', 'December 23, 2026'],
  'subscription-payment-failed': [plan, 'https://www.example.com/pricing'],
  'subscription-cancelled': [plan, 'ends on', 'December 23, 2026'],
  'subscription-resumed': [plan, 'renews on', 'December 23, 2026'],
  'staff-chat-message': [
    {
      conversationId: 'c0ffee00-0000-4000-8000-000000000000',
      visitorName: 'Sam',
      visitorEmail: null,
      message: 'Are you open?',
    },
    'Are you open?',
    'https://www.example.com/admin/chat?conversation=c0ffee00-0000-4000-8000-000000000000',
  ],
  'chat-replies': [
    {
      conversationId: 'c0ffee00-0000-4000-8000-000000000000',
      visitorName: 'Sam',
      replies: [
        { text: 'Yes, we are open until 6 PM.', sentAt: '2026-11-23T15:00:00.000Z' },
        { text: 'Anything else?', sentAt: '2026-11-23T15:01:00.000Z' },
      ],
    },
    'Yes, we are open until 6 PM.',
    'Anything else?',
    'https://www.example.com/?chat=c0ffee00-0000-4000-8000-000000000000',
  ],
  'enquiry-reply': [
    {
      name: 'Priya',
      service: 'AI & Automation',
      reply: 'We can help <1000 ft>.\nCall us.',
      staffName: 'Sam Staff',
      original: 'Hello\nthere',
    },
    'We can help <1000 ft>.\nCall us.',
    'Sam Staff',
    'Hello\nthere',
  ],
  'service-request-reply': [
    {
      requestId: ticketId,
      name: 'Ada',
      service: 'Field IT Services',
      reply: 'On our way <1000 ft>',
      staffName: 'Sam Staff',
      attachments: ['floor-plan.pdf', 'rack.webp'],
    },
    'On our way <1000 ft>',
    'Attached: floor-plan.pdf, rack.webp. Open the request to download them.',
    `https://www.example.com/portal/request?id=${ticketId}`,
  ],
  'satisfaction-survey': [
    { name: 'Ada', about: 'your request T-10001 (Field IT Services)', token: 'sur_vey-1' },
    'How did we do?',
    'your request T-10001 (Field IT Services)',
    'https://www.example.com/feedback/sur_vey-1?rating=1',
    'https://www.example.com/feedback/sur_vey-1?rating=5',
  ],
  'consultation-proposed': [
    { ...consultationTime, confirmToken: 'tok_en-1' },
    'Tuesday, December 1, 2026 at 2:30 PM',
    // Named as the client names it (issue 29), not "America/Chicago".
    '(Central Time)',
    '60 minutes',
    'https://www.example.com/confirm-consultation?token=tok_en-1',
    `https://www.example.com/portal/request?id=${ticketId}`,
  ],
  'consultation-confirmed': [
    { ...consultationTime, forStaff: true },
    'Ada confirmed the consultation',
    'Tuesday, December 1, 2026 at 2:30 PM',
    `https://www.example.com/admin/service-requests?id=${ticketId}`,
  ],
  'staff-invitation': [
    { invitedBy: 'Grace Hopper', role: 'Admin', token: 'T0K', validDays: 7, twoFactorRequired: true },
    'Grace Hopper invited you',
    'as Admin',
    'for 7 days',
    'two-factor sign-in',
    'https://www.example.com/accept-invite?token=T0K',
  ],
  'quote-sent': [
    {
      customerName: 'Ada Lovelace',
      number: 'Q-2026-0007-v2',
      title: 'Office Wi-Fi',
      oneTimeTotal: '1085.00',
      recurringMonthly: '0.00',
      deposit: '542.50',
      validUntil: 'December 31, 2026',
      token: 'T0K',
      revision: true,
    },
    'Hello Ada Lovelace',
    'Office Wi-Fi',
    'replaces the one we sent before',
    '$1,085.00',
    '$542.50',
    'December 31, 2026',
    'https://www.example.com/quotes/T0K',
  ],
  'quote-reminder': [
    {
      customerName: 'Ada Lovelace',
      number: 'Q-2026-0007',
      title: 'Office Wi-Fi',
      validUntil: 'December 31, 2026',
      token: 'T0K',
    },
    'Hello Ada Lovelace',
    'Office Wi-Fi',
    'until December 31, 2026',
    'https://www.example.com/quotes/T0K',
  ],
  'quote-accepted': [
    {
      customerName: 'Ada Lovelace',
      number: 'Q-2026-0007-v2',
      title: 'Office Wi-Fi',
      signatureName: 'Ada King',
      acceptedAt: '2026-12-01T20:30:00.000Z',
      oneTimeTotal: '1085.00',
      recurringMonthly: '120.00',
      deposit: '542.50',
      token: 'T0K',
    },
    'Thank you, Ada Lovelace',
    'Q-2026-0007-v2',
    'Ada King',
    'December 1, 2026 at 2:30 PM',
    '$542.50',
    '$120.00',
    'Pay the deposit',
    'https://www.example.com/quotes/T0K',
  ],
  'quote-deposit-paid': [
    {
      customerName: 'Ada Lovelace',
      number: 'Q-2026-0007',
      title: 'Office Wi-Fi',
      amount: '542.50',
      invoiceNumber: '2026-000123',
    },
    'Deposit received',
    'Office Wi-Fi',
    '$542.50',
    '2026-000123 (PDF attached)',
  ],
  'staff-quote-answered': [
    {
      quoteId: ticketId,
      number: 'Q-2026-0007',
      title: 'Office Wi-Fi',
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' },
      answer: { kind: 'declined', reason: 'Too expensive' },
    },
    'Ada Lovelace declined quote Q-2026-0007',
    'Analytical Engines',
    'Too expensive',
    `https://www.example.com/admin/quotes/${ticketId}`,
  ],
};

describe('mail templates', () => {
  it('cover every template', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(mailTemplates).sort());
  });

  it.each(Object.entries(samples))(
    '%s renders HTML and plain text with its content',
    async (name, [data, ...expected]) => {
      const mail = await renderMail(name, data, ctx);
      expect(mail.subject.length).toBeGreaterThan(5);
      for (const text of expected) expect(mail.text).toContain(text);
      // No remote images, trackers or scripts; links are absolute on PUBLIC_URL; the company's details are in the footer.
      expect(mail.html).not.toMatch(/<img|<script|src=|url\(/i);
      for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g))
        expect(href).toMatch(/^https:\/\/www\.example\.com\//);
      expect(mail.text).toContain(company.legalName);
      expect(mail.html).toContain('prefers-color-scheme: dark');
      // What people typed is escaped in the HTML.
      expect(mail.html).not.toContain('<1000 ft>');
    },
  );

  it.each(Object.entries(samples))(
    '%s declares every token its links carry as a secret (the outbox hides them from staff)',
    async (name, [data]) => {
      const mail = await renderMail(name, data, ctx);
      const secrets = secretsOfMail(name as MailTemplateName, data as never);
      for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g)) {
        const url = new URL(href!.replace(/&amp;/g, '&'));
        for (const [param, value] of url.searchParams) if (/token/i.test(param)) expect(secrets).toContain(value);
      }
    },
  );

  it('contact-acknowledgement without a copy echoes nothing the sender typed', async () => {
    const mail = await renderMail('contact-acknowledgement', { service: 'AI & Automation', copy: null }, ctx);
    expect(mail.text).toContain('AI & Automation');
    expect(mail.text).not.toContain('Priya');
    expect(mail.text).not.toContain('What you sent us');
  });
});
