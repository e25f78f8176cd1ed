import { timeOrderedId } from '../../src/lib/ids';

describe('timeOrderedId', () => {
  it('makes version 7 UUIDs that sort in the order they were made, within a millisecond too', () => {
    const at = Date.UTC(2026, 10, 21, 12, 0, 0);
    const ids = [
      timeOrderedId(at),
      ...Array.from({ length: 5000 }, () => timeOrderedId(at)),
      timeOrderedId(at + 1),
      timeOrderedId(at + 10_000),
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // The first 48 bits are the milliseconds.
    expect(parseInt(ids.at(-1)!.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 10_000);
  });
});
