import type { Logger } from '../logger';

type Task = () => void | Promise<void>;

/**
 * Runs tasks one after another. While nothing is queued a synchronous task
 * runs at once (the common case: no promise per chat event); while an
 * asynchronous one runs (loading a large message, catching up), later ones
 * wait behind it, so order is kept. A failing task is logged and skipped.
 */
export class SerialTasks {
  private readonly queue: Task[] = [];
  private draining = false;

  constructor(private readonly logger: Logger) {}

  run(task: Task): void {
    if (this.draining) {
      this.queue.push(task);
      return;
    }
    const result = this.start(task);
    if (!(result instanceof Promise)) return;
    this.draining = true;
    void this.drain(result);
  }

  private start(task: Task): void | Promise<void> {
    try {
      return task();
    } catch (err) {
      this.logger.error({ err }, 'live event failed');
      return undefined;
    }
  }

  private async drain(first: Promise<void>): Promise<void> {
    let current: void | Promise<void> = first;
    for (;;) {
      try {
        await current;
      } catch (err) {
        this.logger.error({ err }, 'live event failed');
      }
      const next = this.queue.shift();
      if (!next) break;
      current = this.start(next);
    }
    this.draining = false;
  }
}
