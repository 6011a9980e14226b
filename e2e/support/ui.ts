import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the locator is visible (fails the test after the page's timeout). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
}

/** Waits until the page's path (and query) is the expected one. */
export async function expectPath(page: Page, expected: string | RegExp): Promise<void> {
  // A navigation after a request (log in, pay) can take seconds on a busy machine: wait as long as a locator would.
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}`;
      },
      { timeout: 15_000 },
    )
    .toMatch(
      typeof expected === 'string' ? new RegExp(`^${expected.replace(/[?.*+^$()[\]{}|\\]/g, '\\$&')}$`) : expected,
    );
}

/** The toast on screen (spec: at most one), by its title. */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
}

/** A product card on /shop, by the product's name. */
export function productCard(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Presses a product's Add to Cart button on /shop. */
export async function addToCart(page: Page, name: string): Promise<void> {
  await productCard(page, name)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
}

/**
 * Waits until React has hydrated the element (its event handlers are attached): a prerendered button clicked before
 * that does nothing, as for a real visitor on a slow machine.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.first().evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const ready = () => Object.keys(element).some((key) => key.startsWith('__reactProps'));
        const check = () => (ready() ? resolve() : setTimeout(check, 50));
        check();
      }),
    undefined,
    { timeout: 15_000 },
  );
  return locator;
}

/** A console navigation link's screen name: its text without the count badge beside it ("Orders\n1\npaid, to fulfil"). */
export const screenName = (linkText: string): string => linkText.split('\n')[0]!.trim();
