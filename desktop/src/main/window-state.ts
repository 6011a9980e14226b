import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from './console-store';

/** Where the window was, in screen coordinates, and whether it was maximized. */
export interface WindowPlacement {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

const placementSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  maximized: z.boolean(),
});

/** How much of the title bar must lie on a display for a saved place to be used again. */
const VISIBLE_MIN = 100;

/** The saved placement from `file`, or null (none yet, damaged). */
export function readPlacement(file: string): WindowPlacement | null {
  try {
    const parsed = placementSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writePlacement(file: string, placement: WindowPlacement): void {
  writeFileAtomic(file, `${JSON.stringify(placement)}\n`);
}

/**
 * The bounds to open the window with: the saved ones when their top edge is
 * still on one of today's displays (a monitor may have been unplugged since),
 * at least the minimum size; otherwise none (Electron centres the default size).
 */
export function restoredBounds(
  saved: WindowPlacement | null,
  workAreas: readonly Rectangle[],
  minimum: { width: number; height: number },
): Rectangle | null {
  if (!saved) return null;
  const bounds = {
    x: saved.x,
    y: saved.y,
    width: Math.max(saved.width, minimum.width),
    height: Math.max(saved.height, minimum.height),
  };
  const titleBarVisible = workAreas.some((area) => {
    const left = Math.max(bounds.x, area.x);
    const right = Math.min(bounds.x + bounds.width, area.x + area.width);
    const topInside = bounds.y >= area.y && bounds.y < area.y + area.height;
    return topInside && right - left >= VISIBLE_MIN;
  });
  return titleBarVisible ? bounds : null;
}
