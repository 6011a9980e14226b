import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium';

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** Console lines Chromium writes for HTTP error statuses a test provokes on purpose (401, 404, 429…). */
const HTTP_STATUS_LINE = /^Failed to load resource: the server responded with a status of \d{3}/;

interface BrowserFixture {
  /** A fresh browser profile (own cookies and storage) with one page. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Errors the pages logged so far: uncaught exceptions and console errors. */
  errors: string[];
  /** Stop checking errors for the current test (for tests that provoke them). */
  allowErrors(pattern: RegExp): void;
}

/**
 * One Chromium per test file, a new context per page; a test fails when a
 * page throws or logs a console error it did not allow.
 */
export function useBrowser(): BrowserFixture {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let allowed: RegExp[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    const unexpected = errors.filter((e) => !HTTP_STATUS_LINE.test(e) && !allowed.some((p) => p.test(e)));
    errors.length = 0;
    allowed = [];
    if (unexpected.length > 0) throw new Error(`The page logged errors:\n${unexpected.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    errors,
    allowErrors(pattern) {
      allowed.push(pattern);
    },
    async newPage(options) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      return page;
    },
  };
}
