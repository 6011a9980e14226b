import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, visible } from './support/ui';

const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

/** Today and the day before, as YYYY-MM-DD in the business time zone (the default: Central time). */
const localDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

describe('the console Reports', () => {
  it('support staff see a breached ticket in its Service levels bar, and the bar opens that ticket in the list', async () => {
    const now = Date.now();
    const created = new Date(now - 30 * 60 * 60_000); // 30 hours ago: yesterday or the day before, in Chicago
    const day = localDay(created);
    const assignee = await buildUser(server.db, { accountType: 'staff', staffRole: 'support', firstName: 'Rowan' });
    const [breached] = await server
      .db('tickets')
      .insert({
        name: 'Breached Probe',
        email: 'breached@example.com',
        service: 'Managed IT',
        message: 'Nobody answered in time.',
        status: 'in_progress',
        createdAt: created,
        assigneeId: assignee.user.id,
        firstResponseDueAt: new Date(created.getTime() + 60 * 60_000),
        firstResponseAt: new Date(created.getTime() + 5 * 60 * 60_000),
        resolutionDueAt: new Date(created.getTime() + 8 * 60 * 60_000),
        slaState: 'breached',
      })
      .returning(['id', 'number']);
    // Another ticket the same day, met: in the list of the day, not in the breached list.
    await server.db('tickets').insert({
      name: 'Met Probe',
      email: 'met@example.com',
      service: 'Managed IT',
      message: 'Answered in time.',
      status: 'completed',
      createdAt: new Date(created.getTime() + 60_000),
      firstResponseDueAt: new Date(created.getTime() + 60 * 60_000),
      firstResponseAt: new Date(created.getTime() + 10 * 60_000),
      resolutionDueAt: new Date(created.getTime() + 8 * 60 * 60_000),
      resolvedAt: new Date(created.getTime() + 2 * 60 * 60_000),
      slaState: 'met',
    });

    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff', staffRole: 'support' });
    await page.goto(`${server.url}/admin`);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
    await expectPath(page, '/admin/reports');
    await visible(page.getByRole('heading', { name: 'Reports', level: 1 }));
    // Support staff have only the support report: no Sales tab.
    expect(await page.getByRole('tab', { name: 'Sales' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expectPath(page, /\/admin\/reports\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&interval=day$/);
    const sla = page.getByRole('figure', { name: 'Service levels' });
    await visible(sla);
    // The data table: the ticket's day has one met and one breached.
    await sla.getByText('Service levels: data table').click();
    const row = sla.getByRole('row').filter({ has: page.getByRole('rowheader', { name: day, exact: true }) });
    await expect.poll(() => row.getByRole('cell').allInnerTexts()).toEqual(['1', '1', '50%']);
    expect(await axeViolations(page)).toEqual([]);

    // The chart: the breached (red) bar of that day, clicked, opens the tickets behind it.
    const bars = sla.locator('.recharts-bar').nth(1).locator('.recharts-bar-rectangle path');
    await expect.poll(() => bars.count()).toBe(1);
    await bars.first().click();
    await expectPath(page, `/admin/service-requests?from=${day}&to=${day}&sla=breached`);
    const list = page.getByRole('list', { name: 'Service requests' });
    await visible(list.getByText('Breached Probe'));
    expect(await list.getByText('Met Probe').count()).toBe(0);
    await list.getByText('Breached Probe').click();
    await visible(page.getByRole('heading', { name: /Breached Probe|T-/ }).first());
    expect(page.url()).toContain(`id=${(breached as { id: string }).id}`);
  });

  it('admins switch to the sales report and export it as CSV, one row per interval', async () => {
    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff' });
    await page.goto(`${server.url}/admin/reports?report=sales&from=2026-01-01&to=2026-01-31&interval=week`);
    await visible(page.getByRole('tab', { name: 'Sales', selected: true }));
    await visible(page.getByRole('figure', { name: 'Monthly recurring revenue' }));
    const exportLink = page.getByRole('link', { name: 'Export CSV (by week)' });
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toBe('sales-report-2026-01-01-to-2026-01-31-by-week.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Start,End,Paid orders,Revenue,/);
    // Weeks starting Monday 29 Dec 2025 to Monday 26 Jan 2026, cut at the range's ends.
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual([
      '2026-01-01 2026-01-04',
      '2026-01-05 2026-01-11',
      '2026-01-12 2026-01-18',
      '2026-01-19 2026-01-25',
      '2026-01-26 2026-01-31',
    ]);
  });
});
