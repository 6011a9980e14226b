import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssignmentSettings, PlanPriorities } from '../shared/src/schemas/assignment';
import type { ServiceLevels } from '../shared/src/schemas/service-levels';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

/*
 * The support desk's settings in the console (issues 26 and 27): the Support
 * settings screen (assignment, surveys, plan priorities, each saved on its
 * own) and the Service levels screen (default policy, a plan's own targets,
 * chat first response). What the screens save is read back through the API.
 */

const server = useSiteServer();
const browser = useBrowser();

async function read<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${server.url}${path}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

async function adminConsole(): Promise<Page> {
  const page = await browser.newPage();
  await loggedInAs(page, server, { accountType: 'staff', staffRole: 'admin' });
  await page.goto(`${server.url}/admin`);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

describe('the support desk settings screens', () => {
  it('saves assignment, surveys and plan priorities card by card, refusing bad values beside the field', async () => {
    const page = await adminConsole();
    await nav(page).getByRole('link', { name: 'Support settings' }).click();
    await expectPath(page, '/admin/settings/support');
    await visible(page.getByRole('heading', { name: 'Support settings', level: 1 }));
    // Test servers start with automatic assignment off (e2e/support/server.ts); the screen shows what is stored.
    const before = await read<AssignmentSettings>(page, '/api/admin/settings/assignment');
    expect(before).toMatchObject({ capacity: 8, offlineGraceMinutes: 5 });
    const capacity = page.getByLabel('Capacity');
    await expect.poll(() => capacity.inputValue()).toBe('8');
    expect(await page.getByLabel('Assign new chats and tickets automatically').isChecked()).toBe(before.autoAssign);
    expect(await axeViolations(page)).toEqual([]);

    // The shared schema refuses before anything is sent; the message is under the field.
    await capacity.fill('0');
    await page.getByRole('button', { name: 'Save Assignment' }).click();
    await visible(page.getByText('capacity must be at least 1'));
    expect(await capacity.getAttribute('aria-invalid')).toBe('true');
    expect((await read<AssignmentSettings>(page, '/api/admin/settings/assignment')).capacity).toBe(8);

    await capacity.fill('12');
    await page.getByLabel('Offline grace (minutes)').fill('15');
    await page.getByRole('button', { name: 'Save Assignment' }).click();
    await visible(toast(page, 'Assignment saved'));
    expect(await page.getByText('capacity must be at least 1').count()).toBe(0);
    expect(await read<AssignmentSettings>(page, '/api/admin/settings/assignment')).toEqual({
      autoAssign: before.autoAssign,
      capacity: 12,
      offlineGraceMinutes: 15,
    });

    await page.getByLabel('Ask clients how we did').uncheck();
    await page.getByRole('button', { name: 'Save Surveys' }).click();
    await visible(toast(page, 'Surveys saved'));
    expect(await read(page, '/api/admin/settings/surveys')).toEqual({ enabled: false });

    await page.getByLabel('Professional').selectOption('urgent');
    await page.getByRole('button', { name: 'Save Plan Priorities' }).click();
    await visible(toast(page, 'Plan priorities saved'));
    expect(await read<PlanPriorities>(page, '/api/admin/settings/plan-priorities')).toEqual({
      Essentials: 'normal',
      Professional: 'urgent',
      Enterprise: 'high',
    });

    // A plan renamed behind the screen's back: the API's 400 is shown on the card and nothing changes.
    await server.db('subscription_plans').where({ name: 'Essentials' }).update({ name: 'Essentials Plus' });
    await page.getByLabel('Enterprise').selectOption('low');
    await page.getByRole('button', { name: 'Save Plan Priorities' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'not a subscription plan: Essentials' }));
    expect((await read<PlanPriorities>(page, '/api/admin/settings/plan-priorities')).Enterprise).toBe('high');
  });

  it('saves the default policy, a plan of its own and the chat target; a bad row is refused beside it', async () => {
    const professional = (await server.db('subscription_plans').where({ name: 'Professional' }).first()) as {
      id: string;
    };
    const page = await adminConsole();
    await nav(page).getByRole('link', { name: 'Service levels' }).click();
    await expectPath(page, '/admin/settings/service-levels');
    await visible(page.getByRole('heading', { name: 'Service levels', level: 1 }));
    const urgentFirst = page.getByLabel('Default Urgent first response (business minutes)');
    await expect.poll(() => urgentFirst.inputValue()).toBe('60');
    await visible(page.getByText('= 1 h', { exact: true }));
    expect(await axeViolations(page)).toEqual([]);

    await urgentFirst.fill('30');
    await visible(page.getByText('= 0.5 h', { exact: true }));
    // Resolution sooner than the first response: refused beside the row, nothing sent.
    await page.getByLabel('Default High resolution (business minutes)').fill('100');
    await page.getByRole('button', { name: 'Save Service Levels' }).click();
    const highRow = page.getByRole('row', { name: /^High/ }).first();
    await visible(highRow.getByRole('alert').filter({ hasText: 'must not be shorter than firstResponseMinutes' }));
    expect(
      (await read<ServiceLevels>(page, '/api/admin/settings/service-levels')).default.urgent.firstResponseMinutes,
    ).toBe(60);
    await page.getByLabel('Default High resolution (business minutes)').fill('1200');

    await page.getByRole('combobox', { name: /^Plan/ }).selectOption({ label: 'Professional' });
    await page.getByRole('button', { name: 'Add Plan Targets' }).click();
    const own = page.getByRole('region', { name: 'Professional targets' });
    await own.getByLabel('Professional Normal resolution (business minutes)').fill('999');
    await page.getByLabel('Chat first response (business minutes)').fill('5');
    await page.getByRole('button', { name: 'Save Service Levels' }).click();
    await visible(toast(page, 'Service levels saved'));

    const saved = await read<ServiceLevels>(page, '/api/admin/settings/service-levels');
    expect(saved.default.urgent).toEqual({ firstResponseMinutes: 30, resolutionMinutes: 480 });
    expect(saved.default.high).toEqual({ firstResponseMinutes: 240, resolutionMinutes: 1200 });
    expect(Object.keys(saved.plans)).toEqual([professional.id]);
    expect(saved.plans[professional.id]!.normal).toEqual({ firstResponseMinutes: 600, resolutionMinutes: 999 });
    expect(saved.plans[professional.id]!.urgent).toEqual({ firstResponseMinutes: 30, resolutionMinutes: 480 });
    expect(saved.chat).toEqual({ firstResponseMinutes: 5 });

    // Removing the plan's own targets puts it back on the default.
    await own.getByRole('button', { name: 'Remove Professional targets' }).click();
    await page.getByRole('button', { name: 'Save Service Levels' }).click();
    await expect
      .poll(async () => (await read<ServiceLevels>(page, '/api/admin/settings/service-levels')).plans)
      .toEqual({});
  });
});
