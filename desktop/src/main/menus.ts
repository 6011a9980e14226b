import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';
import type { ConsoleShortcut } from '../common/ipc-channels';

/** What the context menu can do to the page it was opened on. */
export interface ContextMenuTarget {
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
  copyText(text: string): void;
}

type ContextParams = Pick<
  ContextMenuParams,
  'isEditable' | 'selectionText' | 'misspelledWord' | 'dictionarySuggestions' | 'editFlags' | 'linkURL'
>;

/**
 * The right-click menu: spelling suggestions (and "Add to Dictionary") for a
 * misspelled word, then the edit actions that apply where the click was —
 * cut, copy, paste and select all in the composer, copy on selected text,
 * "Copy Link Address" on a link. Nothing at all where none applies.
 */
export function contextMenuTemplate(params: ContextParams, target: ContextMenuTarget): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (params.isEditable && params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, 5);
    for (const suggestion of suggestions) {
      items.push({ label: suggestion, click: () => target.replaceMisspelling(suggestion) });
    }
    if (suggestions.length === 0) items.push({ label: 'No Spelling Suggestions', enabled: false });
    items.push(
      { label: 'Add to Dictionary', click: () => target.addToDictionary(params.misspelledWord) },
      { type: 'separator' },
    );
  }
  if (params.isEditable) {
    items.push(
      { role: 'cut', enabled: params.editFlags.canCut },
      { role: 'copy', enabled: params.editFlags.canCopy },
      { role: 'paste', enabled: params.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: params.editFlags.canSelectAll },
    );
  } else if (params.selectionText.trim()) {
    items.push({ role: 'copy' });
  }
  if (params.linkURL && /^(https?|mailto):/i.test(params.linkURL)) {
    if (items.length > 0) items.push({ type: 'separator' });
    items.push({ label: 'Copy Link Address', click: () => target.copyText(params.linkURL) });
  }
  return items;
}

export interface AppMenuActions {
  shortcut(action: ConsoleShortcut): void;
  zoom(direction: 'in' | 'out' | 'reset'): void;
  quit(): void;
  isMac: boolean;
}

/**
 * The application menu: the standard Edit menu (so copy and paste keys work
 * everywhere), View with zoom, and Go with the console's shortcuts — next and
 * previous conversation (Alt+↓ / Alt+↑, as in team chat apps) and the reply
 * box (Ctrl/⌘+Shift+M). Quit is explicit (closing the window keeps the
 * console in the tray).
 */
export function appMenuTemplate(actions: AppMenuActions): MenuItemConstructorOptions[] {
  const quit: MenuItemConstructorOptions = {
    label: 'Quit',
    accelerator: 'CmdOrCtrl+Q',
    click: () => actions.quit(),
  };
  const menus: MenuItemConstructorOptions[] = [];
  if (actions.isMac) menus.push({ role: 'appMenu', submenu: [{ role: 'about' }, { type: 'separator' }, quit] });
  else menus.push({ label: 'File', submenu: [{ role: 'close', label: 'Close Window' }, quit] });
  menus.push(
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Actual Size', accelerator: 'CmdOrCtrl+0', click: () => actions.zoom('reset') },
        { label: 'Zoom In', accelerator: 'CmdOrCtrl+=', click: () => actions.zoom('in') },
        { label: 'Zoom In', accelerator: 'CmdOrCtrl+Plus', visible: false, click: () => actions.zoom('in') },
        { label: 'Zoom Out', accelerator: 'CmdOrCtrl+-', click: () => actions.zoom('out') },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Go',
      submenu: [
        { label: 'Next Conversation', accelerator: 'Alt+Down', click: () => actions.shortcut('next-conversation') },
        {
          label: 'Previous Conversation',
          accelerator: 'Alt+Up',
          click: () => actions.shortcut('previous-conversation'),
        },
        { label: 'Reply Box', accelerator: 'CmdOrCtrl+Shift+M', click: () => actions.shortcut('focus-reply') },
      ],
    },
    { role: 'windowMenu' },
  );
  return menus;
}

/** Zoom levels the View menu steps through (Chromium's scale: 0 is 100 %, each step ×1.2). */
export const ZOOM_MIN = -3;
export const ZOOM_MAX = 5;

export function nextZoomLevel(current: number, direction: 'in' | 'out' | 'reset'): number {
  if (direction === 'reset') return 0;
  const next = direction === 'in' ? Math.floor(current) + 1 : Math.ceil(current) - 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}
