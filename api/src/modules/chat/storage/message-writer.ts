import type { Knex } from 'knex';
import type { Logger } from '../../../logger';
import type { StaffAlertSettings } from '../../mail/outbox';
import { storeMessages, type NewMessage, type StoredMessage } from './messages';

interface Waiting {
  input: NewMessage;
  resolve(outcome: StoredMessage): void;
  reject(error: unknown): void;
}

/**
 * Group commit for chat messages. PostgreSQL commits transactions that NOTIFY
 * one at a time (a cluster-wide lock held through the WAL flush), so one
 * transaction per message would cap the whole chat at one disk flush per
 * message. Messages that arrive while batches are in flight go together in
 * the next one: one flush for all of them. A lone message goes at once.
 * Two batches may be in flight, so one runs its statements while the other
 * waits for its commit; row locks keep each conversation in order.
 */
export class MessageWriter {
  private queue: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    /** Where alerts go when a visitor writes while no staff console is connected. */
    private readonly staffAlerts: StaffAlertSettings,
    private readonly maxBatch = 250,
    private readonly maxInFlight = 2,
  ) {}

  store(input: NewMessage): Promise<StoredMessage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.inFlight += 1;
    void this.write(batch).finally(() => {
      this.inFlight -= 1;
      this.next();
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await storeMessages(
        this.db,
        batch.map((waiting) => waiting.input),
        this.staffAlerts,
      );
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index]!;
        if (outcome instanceof Error) waiting.reject(outcome);
        else waiting.resolve(outcome);
      });
    } catch (err) {
      this.logger.error({ err, messages: batch.length }, 'storing chat messages failed');
      for (const waiting of batch) waiting.reject(err);
    }
  }
}
