import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

describe('the console Audit log', () => {
  it('an admin changes a price, finds the change in the audit log with before and after, and exports it as CSV', async () => {
    const product = await buildProduct(server.db, { name: 'Audit Trail Switch', price: '300.00' });
    const page = await browser.newPage();
    const admin = await loggedInAs(page, server, { accountType: 'staff', firstName: 'Ada' });

    await page.goto(`${server.url}/admin/catalogue/${product.id}`);
    await visible(page.getByRole('heading', { name: 'Audit Trail Switch', level: 1 }));
    await page.getByLabel('Price (USD)').fill('275.50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(toast(page, 'Product Saved'));

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await expectPath(page, '/admin/audit-log');
    await visible(page.getByRole('heading', { name: 'Audit log', level: 1 }));
    await page.getByLabel('Action').fill('product.updated');
    await page.getByLabel('Actor').fill(admin.username);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectPath(page, `/admin/audit-log?actor=${admin.username}&action=product.updated`);

    const row = page.getByRole('row').filter({ hasText: product.id });
    await visible(row);
    await visible(row.getByText(admin.username));
    await visible(row.getByText('product.updated'));
    // Only what changed, the old value struck through and the new one after it.
    await visible(row.getByRole('deletion').getByText('300.00'));
    await visible(row.getByRole('insertion').getByText('275.50'));
    expect(await row.getByText('description:').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The export: every entry of the same filter, as a CSV file.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toBe(
      `/api/admin/audit-log?actor=${admin.username}&action=product.updated&format=csv`,
    );
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-[\dT-]+\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_name,actor_role,ip,action,record_type,record_id,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${admin.username},admin,`);
    expect(lines[1]).toContain(`,product.updated,product,${product.id},`);
    expect(lines[1]).toContain('"{""price"":""300.00""}","{""price"":""275.50""}"');
  });

  it('loads older entries with "Load more", and fits a phone', async () => {
    await server.db('audit_log').insert(
      Array.from({ length: 55 }, (_, i) => ({
        at: new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
        actorName: 'cli',
        actorRole: 'system',
        action: 'e2e_probe.made',
        recordType: 'probe',
        recordId: `probe-${i}`,
      })),
    );
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await loggedInAs(page, server, { accountType: 'staff' });
    await page.goto(`${server.url}/admin/audit-log?action=e2e_probe.`);
    await visible(page.getByRole('heading', { name: 'Audit log', level: 1 }));
    // Newest first: the first page ends 50 entries in.
    await visible(page.getByRole('row').filter({ hasText: 'probe-54' }));
    await visible(page.getByText('50 entries shown'));
    expect(await page.getByRole('row').filter({ hasText: 'probe-0' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await visible(page.getByText('55 entries shown (all)'));
    await visible(page.getByRole('row').filter({ hasText: 'probe-0' }));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // A filter the API refuses: its reason, not a blank screen.
    await page.goto(`${server.url}/admin/audit-log?from=2026-02-30`);
    await visible(page.getByRole('alert').getByText(/not a real date/));
  });
});
