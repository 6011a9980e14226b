import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { toast, visible } from './support/ui';
import { limitInOneWindow } from '../api/src/test/config';

// Client IPs come from X-Forwarded-For here, so each test is its own visitor for the rate limit.
const CONTACT_LIMIT = 3;
const server = useSiteServer({
  trustProxy: true,
  rateLimits: { contactPerIp: limitInOneWindow(CONTACT_LIMIT) },
});
const browser = useBrowser();

function visitor(ip: string) {
  return browser.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

const enquiry = {
  name: 'Jordan Blake',
  email: 'jordan.blake@example.com',
  phone: '(651) 555-0123',
  company: 'Blake Logistics',
  service: 'Cybersecurity Solutions',
  message: 'We need a security assessment of our three warehouses before our insurance renewal.',
};

describe('contact form', () => {
  it('sends an enquiry: stored as typed, toast shown, every field reset', async () => {
    const page = await visitor('198.51.100.10');
    await page.goto(`${server.url}/contact`);
    await page.getByLabel('Full Name').fill(enquiry.name);
    await page.getByLabel('Email Address').fill(enquiry.email);
    await page.getByLabel('Phone Number').fill(enquiry.phone);
    await page.getByLabel('Company Name').fill(enquiry.company);
    await page.getByLabel('Service Interested In').selectOption(enquiry.service);
    await page.getByLabel('Message').fill(`${enquiry.message}\n<script>alert(1)</script>`);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await visible(toast(page, 'Message Sent!'));
    await visible(page.getByText("We'll get back to you within 24 hours.", { exact: true }).last());
    // The success stays on the page, not only in the toast (issue 29).
    // The page's own status, not the toast's live region (whose text starts with "Notification").
    const success = page.getByRole('status').filter({ hasText: /^Message Sent!/ });
    await visible(success);
    expect(await success.textContent()).toBe("Message Sent! We'll get back to you within 24 hours.");
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: /Close|Dismiss/ })
      .first()
      .click();
    await expect.poll(() => toast(page, 'Message Sent!').count()).toBe(0);
    await visible(success);
    for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Company Name', 'Message']) {
      await expect.poll(() => page.getByLabel(label).inputValue(), { message: label }).toBe('');
    }
    expect(await page.getByLabel('Service Interested In').inputValue()).toBe('');

    const rows = await server.db('enquiries').where({ email: enquiry.email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: enquiry.name,
      phone: enquiry.phone,
      company: enquiry.company,
      service: enquiry.service,
      message: `${enquiry.message}\n<script>alert(1)</script>`,
    });
  });

  it('checks the required fields in the browser before sending anything', async () => {
    const page = await visitor('198.51.100.11');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posted = true;
    });
    await page.goto(`${server.url}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Full Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await page.getByLabel('Full Name').fill('Sam');
    await page.getByLabel('Email Address').fill('not an email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Email Address').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(
      true,
    );
    expect(await page.getByLabel('Message').getAttribute('rows')).toBe('6');
    expect(await page.getByLabel('Service Interested In').evaluate((el: HTMLSelectElement) => el.required)).toBe(true);
    const options = await page.getByLabel('Service Interested In').locator('option').allTextContents();
    expect(options[0]).toBe('Select a service');
    expect(options).toHaveLength(10);
    expect(posted).toBe(false);
  });

  it('shows the error toast and keeps what was typed when the server refuses (rate limit)', async () => {
    const ip = '198.51.100.12';
    const page = await visitor(ip);
    await page.goto(`${server.url}/contact`);
    // This visitor has already used up the limit.
    for (let i = 0; i < CONTACT_LIMIT; i += 1) {
      const res = await page.request.post(`${server.url}/api/contact`, {
        data: { ...enquiry, company: `Earlier ${i}` },
        headers: { Origin: server.url },
      });
      expect(res.status()).toBe(201);
    }
    const before = await server.db('enquiries').count({ n: '*' }).first();

    await page.getByLabel('Full Name').fill(enquiry.name);
    await page.getByLabel('Email Address').fill(enquiry.email);
    await page.getByLabel('Service Interested In').selectOption('General Inquiry');
    await page.getByLabel('Message').fill('One more question.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await visible(toast(page, 'Error'));
    await visible(page.getByText('Failed to send message. Please try again.', { exact: true }));
    expect(await page.getByLabel('Full Name').inputValue()).toBe(enquiry.name);
    expect(await page.getByLabel('Email Address').inputValue()).toBe(enquiry.email);
    expect(await page.getByLabel('Service Interested In').inputValue()).toBe('General Inquiry');
    expect(await page.getByLabel('Message').inputValue()).toBe('One more question.');
    const after = await server.db('enquiries').count({ n: '*' }).first();
    expect(after).toEqual(before);
  });
});
