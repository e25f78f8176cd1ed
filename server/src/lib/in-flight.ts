/**
 * The API handlers still running. A client that goes away does not stop its handler: its write
 * still lands. So the database closes only once they are done, not when the last connection ends
 * (which is all the HTTP server waits for).
 */
export class InFlight {
  private running = 0;
  private waiting: Array<() => void> = [];

  get size(): number {
    return this.running;
  }

  /** Runs `work`, counted until it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (this.running === 0) {
        const waiting = this.waiting;
        this.waiting = [];
        waiting.forEach((resolve) => resolve());
      }
    }
  }

  /** Resolves true once nothing runs, or false when `timeoutMs` passes first. */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((one) => one !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiting.push(done);
    });
  }
}
