// The quick reading of an answer save's body is held to the body schema: what it gives, the schema
// gives too; anything else it leaves to the schema, which names what is wrong.
import fc from 'fast-check';
import { limits, saveAnswerBodySchema } from '@prometrica/shared-api/contract';
import { readSaveBody } from '../../src/modules/progress/save-body';
import { parse } from '../../src/lib/validation';

/** Text of a length around `max` (now and then past it), sometimes with spaces around it, rarely with a NUL inside. */
const textNear = (max: number) =>
  fc
    .tuple(
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(0, 1, 3, max - 1, max) },
        { weight: 1, arbitrary: fc.constantFrom(max + 1, max + 3) },
      ),
      fc.constantFrom('', ' ', '  \t'),
      fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      fc.string({ maxLength: 3 }),
    )
    .map(
      ([length, pad, nul, start]) =>
        `${pad}${(start + 'x'.repeat(length)).slice(0, length)}${nul ? '\u0000' : ''}${pad}`,
    );
const other = fc.constantFrom<unknown>(null, 42, -0, 1.5e21, true, [], {}, 'x', '');
const rarely = <T>(usual: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 15, arbitrary: usual }, { weight: 1, arbitrary: other });

/** A `since`: mostly a reply's `savedAt`, at times other text `Date.parse` may or may not read. */
const since = fc.oneof(
  { weight: 12, arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-03-02',
      '2026-03-02T10:00:00Z',
      'March 2, 2026',
      'yesterday',
      '2026-13-40T00:00:00.000Z',
      '2026-03-02T10:00:00.000Z\u0000',
      `2026-03-02T10:00:00.000Z${' '.repeat(limits.sinceText)}`,
    ),
  },
  { weight: 1, arbitrary: other },
);

const body = rarely(
  fc.record(
    {
      questionId: rarely(textNear(limits.questionId)),
      userAnswer: rarely(textNear(limits.answerText)),
      questionSetVersion: fc.oneof(
        { weight: 30, arbitrary: fc.integer({ min: 1, max: 1000 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '2') },
        { weight: 1, arbitrary: other },
      ),
      timeMs: fc.oneof(
        { weight: 20, arbitrary: fc.integer({ min: 0, max: limits.answerTimeMs }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(-1, limits.answerTimeMs + 1, 0.5, -0, 2 ** 53, Number.NaN, Infinity, '5'),
        },
        { weight: 1, arbitrary: other },
      ),
      since,
      unknown: fc.string(),
    },
    { requiredKeys: ['questionId', 'userAnswer', 'questionSetVersion'] },
  ),
);

function bySchema(value: unknown): { ok: unknown } | { failed: true } {
  try {
    return { ok: parse(saveAnswerBodySchema, value, 'body') };
  } catch {
    return { failed: true };
  }
}

test('gives exactly what the schema gives, or leaves the body to the schema', () => {
  let readQuickly = 0;
  fc.assert(
    fc.property(body, (value) => {
      const quick = readSaveBody(value);
      if (quick === undefined) return;
      readQuickly += 1;
      expect(bySchema(value)).toEqual({ ok: quick });
    }),
    { numRuns: 3000 },
  );
  // The property says something only if the quick reading takes a good share of the bodies.
  // About 850 of the 3000 bodies (834-882 over six seeds): well clear of the bound.
  expect(readQuickly).toBeGreaterThan(600);
});

test('reads the bodies the participant app sends', () => {
  const first = { questionId: ' q1 ', userAnswer: ' True ', questionSetVersion: 3, timeMs: 4200 };
  expect(readSaveBody(first)).toEqual({ questionId: 'q1', userAnswer: ' True ', questionSetVersion: 3, timeMs: 4200 });
  expect(bySchema(first)).toEqual({ ok: readSaveBody(first) });
  const next = { ...first, since: '2026-03-02T10:00:00.000Z' };
  expect(readSaveBody(next)?.since).toBe('2026-03-02T10:00:00.000Z');
  expect(bySchema(next)).toEqual({ ok: readSaveBody(next) });
  // timeMs defaults to 0, as in the schema.
  expect(readSaveBody({ questionId: 'q1', userAnswer: '', questionSetVersion: 1 })).toEqual({
    questionId: 'q1',
    userAnswer: '',
    questionSetVersion: 1,
    timeMs: 0,
  });
  // Anything the schema refuses is left to it, which names the field.
  for (const wrong of [
    { ...next, since: 'yesterday' },
    { ...next, since: 5 },
    { ...first, timeMs: -1 },
  ]) {
    expect(readSaveBody(wrong)).toBeUndefined();
    expect(bySchema(wrong)).toEqual({ failed: true });
  }
});
