import arial from '@capsizecss/metrics/arial';
import plusJakartaSans from '@capsizecss/metrics/plusJakartaSans';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.resolve('web/src/styles/app.css'), 'utf8');

function descriptor(family: string, name: string): string | undefined {
  const face = css.split('@font-face').find((block: string) => block.includes(`font-family: '${family}'`));
  return face ? new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.trim() : undefined;
}

/** A percentage descriptor's value, e.g. "104.98%" → 104.98. */
const percentOf = (text: string | undefined) => Number(text?.replace(/%$/, ''));
const percent = (value: number) => Math.round(value * 10_000) / 100;

/**
 * The fallback face (local Arial) is scaled so its text takes the brand font's
 * room: same average character width, same ascent and descent. Then the swap
 * to the web font shifts no layout. The figures come from the fonts' metrics.
 */
describe('the brand font fallback', () => {
  const sizeAdjust = plusJakartaSans.xWidthAvg / plusJakartaSans.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);
  const scaled = (value: number) => percent(Math.abs(value) / (plusJakartaSans.unitsPerEm * sizeAdjust));

  it('matches Plus Jakarta Sans metrics', () => {
    const value = (name: string) => percentOf(descriptor('Plus Jakarta Sans Fallback', name));
    expect(value('size-adjust')).toBe(percent(sizeAdjust));
    expect(value('ascent-override')).toBe(scaled(plusJakartaSans.ascent));
    expect(value('descent-override')).toBe(scaled(plusJakartaSans.descent));
    expect(value('line-gap-override')).toBe(scaled(plusJakartaSans.lineGap));
  });

  it('comes right after the web font in the sans stack, with the latin file only', () => {
    expect(css).toMatch(/--font-sans:\s*'Plus Jakarta Sans', 'Plus Jakarta Sans Fallback',/);
    expect(descriptor('Plus Jakarta Sans', 'src')).toContain('plus-jakarta-sans-latin-wght-normal.woff2');
    expect(descriptor('Plus Jakarta Sans', 'font-display')).toBe('optional');
  });
});
