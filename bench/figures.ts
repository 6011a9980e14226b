/**
 * The figures a benchmark measured, handed to `npm run bench` (bench/all.ts),
 * which runs every benchmark as its own process and prints one table against
 * the goals in bench/goals.ts. Run alone, a benchmark prints its own tables and
 * this does nothing.
 */
import { appendFileSync } from 'node:fs';

/** A figure by its id in bench/goals.ts, e.g. `products-ratio`; `unit` as shown in the table. */
export interface Figure {
  id: string;
  value: number;
  /** What else is worth a look next to it (e.g. the p99.9 next to a p99), shown in the table's note. */
  note?: string;
}

/** The file bench/all.ts reads: one JSON figure a line. */
export const FIGURES_FILE_ENV = 'BENCH_FIGURES_FILE';

export function recordFigure(figure: Figure): void {
  const file = process.env[FIGURES_FILE_ENV];
  if (!file) return;
  appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
