import type { DesktopApi } from '../preload';

/** The preload's bridge to the main process (window.desktop); a recording stand-in in the browser tests. */
export const desktop = (window as unknown as { desktop: DesktopApi }).desktop;

export type { DesktopApi };
