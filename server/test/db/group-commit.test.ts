import { sql, type Kysely, type Transaction } from 'kysely';
import { isUniqueViolation } from '../../src/db/errors';
import { GroupCommit, type BatchRunner, type Outcome } from '../../src/db/group-commit';
import type { Database } from '../../src/db/types';
import { build, type TestApp } from '../helpers/build';

// The group commit is tried here with writes given as functions of the transaction they run in
// (as the submission writer's once were), each in its own savepoint.

/**
 * Writes a batch inside one transaction and says what became of each item, in order. An item that
 * fails must leave nothing behind (the transaction still commits the others). Throwing fails the
 * whole batch: nothing of it is kept, and each item is then written again in a transaction of its own.
 */
type BatchWriter<T, R> = (trx: Transaction<Database>, items: readonly T[]) => Promise<Outcome<R>[]>;

/** The batch runner that writes with `writeBatch` in a transaction on `db`. */
function inTransaction<T, R>(db: Kysely<Database>, writeBatch: BatchWriter<T, R>): BatchRunner<T, R> {
  return (take) => db.transaction().execute((trx) => writeBatch(trx, take()));
}

/** A write as a function of the transaction it runs in. */
type TransactionWork<R> = (trx: Transaction<Database>) => Promise<R>;

/**
 * The batch writer for writes given as functions: each runs in its own savepoint, so one that
 * fails (a duplicate, say) is undone alone and fails alone. A batch of one needs no savepoint.
 */
async function eachInSavepoint<R>(
  trx: Transaction<Database>,
  works: readonly TransactionWork<R>[],
): Promise<Outcome<R>[]> {
  if (works.length === 1) return [{ ok: true, value: await works[0]!(trx) }];
  const outcomes: Outcome<R>[] = [];
  for (const [index, work] of works.entries()) {
    const savepoint = sql.raw(`write_${index}`);
    await sql`savepoint ${savepoint}`.execute(trx);
    try {
      const value = await work(trx);
      await sql`release savepoint ${savepoint}`.execute(trx);
      outcomes.push({ ok: true, value });
    } catch (error) {
      // Undoes this write only; a failure here fails the batch (and so retries each write alone).
      await sql`rollback to savepoint ${savepoint}`.execute(trx);
      await sql`release savepoint ${savepoint}`.execute(trx);
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

let subject: TestApp;
beforeAll(async () => {
  subject = await build();
});
afterAll(() => subject.close());

const keysLike = async (prefix: string) =>
  (
    await subject.app.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', `${prefix}%`)
      .orderBy('key')
      .execute()
  ).map((row) => row.key);

/** Writes given as functions, each in its own savepoint. */
const closures = (db: Kysely<Database>) =>
  new GroupCommit<TransactionWork<unknown>, unknown>({
    maxBatch: 64,
    concurrency: 1,
    runBatch: inTransaction(db, eachInSavepoint),
  });

describe('GroupCommit', () => {
  it('writes arriving together share transactions; a failing write is undone alone and fails alone', async () => {
    const transactions: number[] = [];
    const db = subject.app.db;
    const realTransaction = db.transaction.bind(db);
    const counted = Object.create(db, {
      transaction: { value: () => (transactions.push(1), realTransaction()) },
    }) as typeof db;
    const group = closures(counted);

    const writes = Array.from({ length: 40 }, (_, i) =>
      group.write(async (trx) => {
        // The 13th tries to take the 3rd one's key, inside the same transaction.
        const key = i === 13 ? 'gc-a-03' : `gc-a-${String(i).padStart(2, '0')}`;
        await trx
          .insertInto('settings')
          .values({ key, value: String(i) })
          .execute();
        return key;
      }),
    );
    const settled = await Promise.allSettled(writes);
    const failed = settled.flatMap((outcome, i) =>
      outcome.status === 'rejected' ? [[i, outcome.reason] as const] : [],
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]![0]).toBe(13);
    expect(isUniqueViolation(failed[0]![1])).toBe(true);

    const stored = await keysLike('gc-a-');
    expect(stored).toHaveLength(39);
    expect(stored).not.toContain('gc-a-13');
    // Forty writes, far fewer transactions.
    expect(transactions.length).toBeLessThan(5);
  });

  it('settles a write only once it is committed, and a write alone is still one transaction', async () => {
    const group = closures(subject.app.db);
    await group.write((trx) => trx.insertInto('settings').values({ key: 'gc-b-1', value: 'x' }).execute());
    expect(await keysLike('gc-b-')).toEqual(['gc-b-1']);
    await expect(
      group.write(async (trx) => {
        await trx.insertInto('settings').values({ key: 'gc-b-2', value: 'x' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await keysLike('gc-b-')).toEqual(['gc-b-1']);
  });

  it('retries each write of a batch that failed as a whole on its own', async () => {
    const group = closures(subject.app.db);
    let breakOnce = true;
    const writes = Array.from({ length: 10 }, (_, i) =>
      group.write(async (trx) => {
        await trx
          .insertInto('settings')
          .values({ key: `gc-c-${i}`, value: 'x' })
          .execute();
        if (i === 4 && breakOnce) {
          breakOnce = false;
          // Breaks the whole transaction: the savepoint this write runs in no longer exists.
          await sql`rollback`.execute(trx);
          throw new Error('connection trouble');
        }
      }),
    );
    const settled = await Promise.allSettled(writes);
    expect(settled.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await keysLike('gc-c-')).toHaveLength(10);
  });

  it('tells onCommitted of each transaction committed: its writes and seconds (a failed batch none, its retries one each)', async () => {
    const committed: Array<[number, number]> = [];
    const group = new GroupCommit<TransactionWork<unknown>, unknown>({
      maxBatch: 64,
      concurrency: 1,
      runBatch: inTransaction(subject.app.db, eachInSavepoint),
      onCommitted: (writes, seconds) => committed.push([writes, seconds]),
    });
    const insert = (key: string) => (trx: Transaction<Database>) =>
      trx.insertInto('settings').values({ key, value: 'x' }).execute();
    await Promise.all(Array.from({ length: 5 }, (_, i) => group.write(insert(`gc-m-${i}`))));
    expect(committed.map(([writes]) => writes)).toEqual([5]);
    let breakOnce = true;
    await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        group.write(async (trx) => {
          await insert(`gc-m-retried-${i}`)(trx);
          if (breakOnce) {
            breakOnce = false;
            await sql`rollback`.execute(trx);
            throw new Error('connection trouble');
          }
        }),
      ),
    );
    expect(committed.map(([writes]) => writes)).toEqual([5, 1, 1, 1]);
    for (const [, seconds] of committed) expect(seconds).toBeGreaterThan(0);
    expect(await keysLike('gc-m-')).toHaveLength(8);
  });

  it('never begins a batch with nothing to write, however many may be in flight', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>({
      maxBatch: 16,
      concurrency: 4,
      runBatch: async (take) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const items = take();
        sizes.push(items.length);
        return items.map((value) => ({ ok: true, value: value * 2 }));
      },
    });
    expect(await group.write(1)).toBe(2);
    expect(sizes).toEqual([1]);

    sizes.length = 0;
    // 40 writes at once make three batches; writes arriving before the third has taken its share join it.
    const first = Array.from({ length: 40 }, (_, i) => group.write(i));
    await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 5 }, (_, i) => group.write(100 + i));
    expect(await Promise.all([...first, ...later])).toEqual(
      [...first.keys(), 100, 101, 102, 103, 104].map((i) => i * 2),
    );
    expect(sizes).toEqual([16, 16, 13]);
  });
  it('begins a batch beside one in flight only for a full batch; fewer writes wait for its commit', async () => {
    const sizes: number[] = [];
    const gates: Array<() => void> = [];
    const group = new GroupCommit<number, number>({
      maxBatch: 4,
      concurrency: 4,
      runBatch: async (take) => {
        const items = take();
        sizes.push(items.length);
        await new Promise<void>((resolve) => gates.push(resolve));
        return items.map((value) => ({ ok: true, value }));
      },
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const written = [group.write(0)];
    await turn();
    expect(sizes).toEqual([1]);
    // Three more wait for the batch in flight; a fourth makes a full batch, which begins beside it.
    written.push(group.write(1), group.write(2), group.write(3));
    await turn();
    expect(sizes).toEqual([1]);
    written.push(group.write(4));
    await turn();
    expect(sizes).toEqual([1, 4]);
    written.push(group.write(5), group.write(6));
    await turn();
    expect(sizes).toEqual([1, 4]);
    // The first batch commits: the full one is still in flight, so the two wait for it as well.
    gates.shift()!();
    await turn();
    await turn();
    expect(sizes).toEqual([1, 4]);
    // It commits: the two go in the next batch.
    gates.shift()!();
    await turn();
    await turn();
    expect(sizes).toEqual([1, 4, 2]);
    gates.shift()!();
    expect(await Promise.all(written)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
