/**
 * A write of "the state now" that is asked for whenever the state changes
 * (the presence of staff consoles): writes never overlap, and changes made
 * while one runs are written by one more run after it (the last state wins).
 */
export class CoalescedWrite {
  private dirty = false;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: () => Promise<void>,
    /** A failed run is reported here; the next change writes again. */
    private readonly failed: (err: unknown) => void,
  ) {}

  /** The state changed: write it (now, or after the run under way). */
  request(): void {
    this.dirty = true;
    if (this.writing) return;
    this.writing = (async () => {
      while (this.dirty) {
        this.dirty = false;
        try {
          await this.write();
        } catch (err) {
          this.failed(err);
        }
      }
      this.writing = null;
    })();
  }

  /** Resolves once no run is under way (nor asked for). */
  async idle(): Promise<void> {
    await this.writing;
  }
}
