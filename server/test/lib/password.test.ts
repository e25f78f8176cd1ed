import { HttpError } from '../../src/lib/http-errors';
import {
  defaultPasswordHashCost,
  HashingQueue,
  hashingBusyMessage,
  hashPassword,
  needsRehash,
  setPasswordHashCost,
  verifyPassword,
} from '../../src/lib/password';

/** Stored hashes that are malformed or would make verifying cost too much. */
const hostileHashes = [
  '',
  'plain-text-password',
  'bcrypt$10$abc',
  'scrypt$16384$8$1$$',
  'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g',
  'scrypt$1000$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g',
];

describe('password hashing', () => {
  // The other tests hash at a low cost, as the server's tests do.
  beforeEach(() => setPasswordHashCost(10));
  afterAll(() => setPasswordHashCost(defaultPasswordHashCost));

  it("hashes with scrypt at OWASP's N=2^17, r=8, p=1 unless told otherwise, with a random salt", async () => {
    expect(defaultPasswordHashCost).toBe(17);
    setPasswordHashCost(defaultPasswordHashCost);
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second);
    await expect(verifyPassword('correct horse battery staple', first)).resolves.toBe(true);
  });

  it('takes a cost from 10 to 20 (log2 of N) and refuses others', async () => {
    setPasswordHashCost(14);
    expect(await hashPassword('correct horse battery staple')).toMatch(/^scrypt\$16384\$8\$1\$/);
    for (const cost of [9, 21, 14.5, Number.NaN]) expect(() => setPasswordHashCost(cost)).toThrow(RangeError);
  });

  it('tells a hash weaker than those made now, to be replaced at the next sign-in', async () => {
    setPasswordHashCost(14);
    const old = await hashPassword('correct horse battery staple');
    expect(needsRehash(old)).toBe(false);
    setPasswordHashCost(17);
    expect(needsRehash(old)).toBe(true);
    // A stronger hash than today's (the cost was lowered) is kept, and a malformed one is not "upgraded".
    setPasswordHashCost(10);
    expect(needsRehash(old)).toBe(false);
    for (const stored of hostileHashes) expect(needsRehash(stored)).toBe(false);
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('Correct horse battery staple', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-password');
    await expect(verifyPassword('cafe\u0301-password', stored)).resolves.toBe(true);
  });

  it('refuses malformed or hostile stored hashes instead of throwing', async () => {
    for (const stored of hostileHashes) {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    }
  });
});

describe('the queue in front of password hashing', () => {
  const deferred = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { done, release };
  };

  it('runs at most `running` at once, lets `waiting` more wait in turn, and refuses the rest at once with 503', async () => {
    const queue = new HashingQueue({ running: 2, waiting: 1 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.done;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });

    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: hashingBusyMessage, headers: { 'retry-after': '1' } });

    gates[0]!.release();
    expect(await runs[0]).toBe(0);
    await Promise.resolve();
    // The waiting one took the freed place.
    expect(started).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 2, waiting: 0 });
    gates[1]!.release();
    gates[2]!.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a place back when the work fails', async () => {
    const queue = new HashingQueue({ running: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
