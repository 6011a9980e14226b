import path from 'node:path';
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import { PRODUCT_NAME } from './constants';

/** What the tray icon shows and offers. */
export interface TrayState {
  /** What needs attention (the same count as the badge). */
  attention: number;
  doNotDisturb: boolean;
}

export interface TrayActions {
  open(): void;
  setDoNotDisturb(on: boolean): void;
  quit(): void;
}

/** The tray icon's tooltip: the product, and what waits when something does. */
export function trayTooltip(state: TrayState): string {
  const parts = [PRODUCT_NAME];
  if (state.attention > 0) parts.push(`${state.attention} waiting`);
  if (state.doNotDisturb) parts.push('do not disturb');
  return parts.join(' — ');
}

/** The tray's menu: Open (with the count), Do not disturb, Quit. Quitting is only ever explicit. */
export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    {
      label: state.attention > 0 ? `Open Console (${state.attention} waiting)` : 'Open Console',
      click: () => actions.open(),
    },
    {
      label: 'Do Not Disturb',
      type: 'checkbox',
      checked: state.doNotDisturb,
      click: (item) => actions.setDoNotDisturb(item.checked),
    },
    { type: 'separator' },
    { label: `Quit ${PRODUCT_NAME}`, click: () => actions.quit() },
  ];
}

/**
 * The icon in the notification area (Windows, Linux) or menu bar (macOS)
 * that keeps the console reachable while its window is closed. A click opens
 * the window; the menu offers Open, Do not disturb and Quit. macOS shows the
 * count beside the icon; elsewhere the tooltip and menu carry it.
 */
export class ConsoleTray {
  private readonly tray: Tray;
  private state: TrayState = { attention: 0, doNotDisturb: false };

  constructor(
    assetsDir: string,
    private readonly actions: TrayActions,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    const size = platform === 'darwin' ? 18 : 22;
    const image = nativeImage.createFromPath(path.join(assetsDir, 'icon.png')).resize({ width: size, height: size });
    this.tray = new Tray(image);
    this.tray.on('click', () => actions.open());
    this.render();
  }

  update(changes: Partial<TrayState>): void {
    this.state = { ...this.state, ...changes };
    this.render();
  }

  destroy(): void {
    this.tray.destroy();
  }

  private render(): void {
    this.tray.setToolTip(trayTooltip(this.state));
    if (this.platform === 'darwin') this.tray.setTitle(this.state.attention > 0 ? String(this.state.attention) : '');
    this.tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(this.state, this.actions)));
  }
}
