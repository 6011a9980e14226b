import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (every rule of its default set) on the page once its
 * transitions have finished, and returns one line per violation. The source is evaluated through the
 * DevTools protocol, so the page's CSP (no inline scripts) stays in force.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged as they settle: a button still fading between two states (a CSS transition) would
  // otherwise be measured half-way, with text on a background it never really has.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs for ever: only what ends is waited for.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
    }));
  });
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
