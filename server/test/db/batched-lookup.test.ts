import { BatchedLookup } from '../../src/db/batched-lookup';

/** A lookup over a fixed map that records the keys of each call. */
function recorded(values: ReadonlyMap<string, number>, maxKeys = 100) {
  const calls: string[][] = [];
  const lookup = new BatchedLookup<string, number>(async (keys) => {
    calls.push([...keys]);
    return new Map(keys.flatMap((key) => (values.has(key) ? [[key, values.get(key)!] as const] : [])));
  }, maxKeys);
  return { calls, lookup };
}

describe('BatchedLookup', () => {
  it('reads the keys asked for in one turn together, each once, and a missing key as undefined', async () => {
    const { calls, lookup } = recorded(new Map([['a', 1], ['b', 2]]));
    const answers = await Promise.all([lookup.get('a'), lookup.get('b'), lookup.get('a'), lookup.get('gone')]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(calls).toEqual([['a', 'b', 'gone']]);

    // A later turn is a read of its own.
    expect(await lookup.get('b')).toBe(2);
    expect(calls).toEqual([['a', 'b', 'gone'], ['b']]);
  });

  it('splits a long list of keys into reads of at most maxKeys', async () => {
    const values = new Map(Array.from({ length: 7 }, (_, i) => [`k${i}`, i] as const));
    const { calls, lookup } = recorded(values, 3);
    expect(await Promise.all([...values.keys()].map((key) => lookup.get(key)))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(calls.map((keys) => keys.length)).toEqual([3, 3, 1]);
  });

  it('fails the callers of a read that failed, and only them', async () => {
    const lookup = new BatchedLookup<string, string>(async (keys) => {
      if (keys.includes('bad')) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    }, 2);
    const settled = await Promise.allSettled([lookup.get('bad'), lookup.get('x'), lookup.get('y')]);
    expect(settled).toEqual([
      { status: 'rejected', reason: new Error('connection lost') },
      { status: 'rejected', reason: new Error('connection lost') },
      { status: 'fulfilled', value: 'Y' },
    ]);
    expect(await lookup.get('x')).toBe('X');
  });
});
