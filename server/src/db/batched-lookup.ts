/** One caller waiting for a key's value. */
interface Waiting<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads by key asked for in the same turn of the event loop, made together: one query for all
 * their keys (in chunks of at most `maxKeys`) instead of one each. Under load, a hundred
 * submissions arriving together cost one round trip to PostgreSQL and one statement, not a hundred.
 * A key asked for twice is read once; a failed query fails every caller of its chunk.
 */
export class BatchedLookup<K, V> {
  private waiting = new Map<K, Waiting<V>[]>();

  constructor(
    private readonly lookup: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly maxKeys: number,
  ) {}

  /** The value stored under `key`, or undefined when there is none. */
  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      // Read once the requests already received have asked for theirs.
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    const keys = [...waiting.keys()];
    const chunks: K[][] = [];
    for (let start = 0; start < keys.length; start += this.maxKeys) chunks.push(keys.slice(start, start + this.maxKeys));
    await Promise.all(
      chunks.map(async (chunk) => {
        const callers = (key: K) => waiting.get(key) ?? [];
        try {
          const found = await this.lookup(chunk);
          for (const key of chunk) for (const caller of callers(key)) caller.resolve(found.get(key));
        } catch (error) {
          for (const key of chunk) for (const caller of callers(key)) caller.reject(error);
        }
      }),
    );
  }
}
