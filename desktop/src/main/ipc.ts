import { ipcMain, type IpcMainInvokeEvent, type WebFrameMain } from 'electron';
import type { z } from 'zod';
import { IPC } from '../common/ipc-channels';
import { ipcPayloads } from '../common/ipc-schemas';
import { isConsoleUrl } from './navigation';

/** Only the console's own top-level page may call the main process (not a frame, not another page). */
export function isTrustedSender(frame: WebFrameMain | null | undefined): boolean {
  if (!frame || frame.parent) return false;
  try {
    return isConsoleUrl(new URL(frame.url));
  } catch {
    return false;
  }
}

type IpcTask = keyof typeof ipcPayloads;
export type IpcHandlers = {
  [T in IpcTask]: (payload: z.output<(typeof ipcPayloads)[T]>, event: IpcMainInvokeEvent) => unknown;
};

class IpcRefused extends Error {
  override name = 'IpcRefused';
}

/**
 * One handler per task, each behind the same two checks: the sender is the
 * console page, and the payload parses with the task's schema. A refused
 * call changes nothing and rejects the renderer's promise.
 */
export function registerIpc(handlers: IpcHandlers, onRefused: (task: IpcTask, reason: string) => void): void {
  for (const task of Object.keys(ipcPayloads) as IpcTask[]) {
    const schema: z.ZodType = ipcPayloads[task];
    const handler = handlers[task] as (payload: unknown, event: IpcMainInvokeEvent) => unknown;
    ipcMain.handle(IPC[task], async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event.senderFrame)) {
        onRefused(task, 'untrusted sender');
        throw new IpcRefused('Refused: this page may not use the console bridge');
      }
      const parsed = args.length <= 1 ? schema.safeParse(args[0]) : null;
      if (!parsed?.success) {
        onRefused(task, 'invalid payload');
        throw new IpcRefused('Refused: invalid request');
      }
      return handler(parsed.data, event);
    });
  }
}
