import { describe, expect, it } from 'vitest';
import { CoalescedWrite } from './coalesced-write';

describe('CoalescedWrite', () => {
  it('never overlaps runs, and writes changes made during a run in one more run', async () => {
    let state = 0;
    const written: number[] = [];
    let running = 0;
    let release: () => void = () => undefined;
    const writes = new CoalescedWrite(
      async () => {
        running += 1;
        expect(running).toBe(1);
        const value = state;
        await new Promise<void>((resolve) => (release = resolve));
        written.push(value);
        running -= 1;
      },
      (err) => {
        throw err;
      },
    );
    state = 1;
    writes.request();
    state = 2;
    writes.request();
    state = 3;
    writes.request();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await writes.idle();
    expect(written).toEqual([1, 3]);
  });

  it('reports a failed run and writes again on the next change', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const writes = new CoalescedWrite(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      (err) => failures.push(err),
    );
    writes.request();
    await writes.idle();
    expect(failures).toHaveLength(1);
    writes.request();
    await writes.idle();
    expect(calls).toBe(2);
    expect(failures).toHaveLength(1);
  });
});
