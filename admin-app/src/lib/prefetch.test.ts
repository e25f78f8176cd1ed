import { createPrefetch, PREFETCH_MAX_AGE_MS } from './prefetch';

function setUp() {
  let clock = 1_000;
  const requests: string[] = [];
  const answers = new Map<string, Promise<string>>();
  const prefetch = createPrefetch<string, string>(
    (query) => {
      requests.push(query);
      return answers.get(query) ?? Promise.resolve(`answer ${requests.length} for ${query}`);
    },
    { now: () => clock },
  );
  return { prefetch, requests, answers, wait: (ms: number) => (clock += ms) };
}

test('the screen gets the prefetched answer for the same query, once; then it asks again', async () => {
  const { prefetch, requests } = setUp();
  prefetch.start('page 1');
  await expect(prefetch.take('page 1')).resolves.toBe('answer 1 for page 1');
  expect(requests).toEqual(['page 1']);
  await expect(prefetch.take('page 1')).resolves.toBe('answer 2 for page 1');
  expect(requests).toEqual(['page 1', 'page 1']);
});

test('another query, or a prefetch too old, is asked for afresh', async () => {
  const { prefetch, requests, wait } = setUp();
  prefetch.start('page 1');
  await expect(prefetch.take('page 2')).resolves.toBe('answer 2 for page 2');
  prefetch.start('page 1');
  wait(PREFETCH_MAX_AGE_MS + 1);
  await expect(prefetch.take('page 1')).resolves.toBe('answer 4 for page 1');
  expect(requests).toEqual(['page 1', 'page 2', 'page 1', 'page 1']);
});

test('a prefetch that failed is asked for again, and that answer (or error) is what the screen gets', async () => {
  const { prefetch, requests, answers } = setUp();
  answers.set('page 1', Promise.reject(new Error('expired')));
  prefetch.start('page 1');
  answers.set('page 1', Promise.reject(new Error('still expired')));
  await expect(prefetch.take('page 1')).rejects.toThrow('still expired');
  answers.set('page 1', Promise.resolve('second try'));
  prefetch.start('page 1');
  answers.set('page 1', Promise.resolve('third try'));
  await expect(prefetch.take('page 1')).resolves.toBe('second try');
  expect(requests).toEqual(['page 1', 'page 1', 'page 1']);
});

test('an answer that has arrived can be taken at once, once; before it arrives it stays for take', async () => {
  const { prefetch, requests, answers } = setUp();
  let arrive!: (value: string) => void;
  answers.set('page 1', new Promise((resolve) => (arrive = resolve)));
  prefetch.start('page 1');
  expect(prefetch.takeArrived('page 1')).toBeUndefined();
  arrive('first page');
  await Promise.resolve();
  expect(prefetch.takeArrived('page 2')).toBeUndefined();
  expect(prefetch.takeArrived('page 1')).toBe('first page');
  expect(prefetch.takeArrived('page 1')).toBeUndefined();
  expect(requests).toEqual(['page 1']);
});

test('an arrived answer too old, or a failed prefetch, is not taken at once', async () => {
  const { prefetch, answers, wait } = setUp();
  prefetch.start('page 1');
  await Promise.resolve();
  wait(PREFETCH_MAX_AGE_MS + 1);
  expect(prefetch.takeArrived('page 1')).toBeUndefined();
  answers.set('page 1', Promise.reject(new Error('expired')));
  prefetch.start('page 1');
  await Promise.resolve();
  expect(prefetch.takeArrived('page 1')).toBeUndefined();
});
