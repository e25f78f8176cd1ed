import { InFlight } from '../../src/lib/in-flight';

describe('InFlight', () => {
  it('is settled at once when nothing runs', async () => {
    await expect(new InFlight().settled(1000)).resolves.toBe(true);
  });

  it('settles when the last running work does, whether it succeeded or failed', async () => {
    const inFlight = new InFlight();
    let finish!: () => void;
    let fail!: (error: Error) => void;
    const first = inFlight.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = inFlight.run(() => new Promise<void>((_, reject) => (fail = reject)));
    expect(inFlight.size).toBe(2);
    let settled = false;
    const waiting = inFlight.settled(10_000).then((value) => ((settled = true), value));
    finish();
    await first;
    expect(settled).toBe(false);
    fail(new Error('write failed'));
    await expect(second).rejects.toThrow('write failed');
    await expect(waiting).resolves.toBe(true);
    expect(inFlight.size).toBe(0);
  });

  it('gives up after the timeout and says so', async () => {
    const inFlight = new InFlight();
    let finish!: () => void;
    const running = inFlight.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await expect(inFlight.settled(20)).resolves.toBe(false);
    expect(inFlight.size).toBe(1);
    finish();
    await running;
    await expect(inFlight.settled(20)).resolves.toBe(true);
  });
});
