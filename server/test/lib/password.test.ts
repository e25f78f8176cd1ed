import { HttpError } from '../../src/lib/http-errors';
import { HashingQueue, hashingBusyMessage, hashPassword, verifyPassword } from '../../src/lib/password';

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
  it('hashes with scrypt N=16384 r=8 p=1 and a random salt', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second);
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
