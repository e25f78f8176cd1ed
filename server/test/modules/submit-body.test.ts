// The quick reading of a submission's body is held to the body schema: what it gives, the schema
// gives too; anything else it leaves to the schema, which names what is wrong.
import fc from 'fast-check';
import { limits, submitAnswersBodySchema } from '@prometrica/shared-api/contract';
import { readSubmitBody } from '../../src/modules/quiz/submit-body';
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
const other = fc.constantFrom<unknown>(null, 42, -0, 1.5e21, true, [], {}, 'x');
const rarely = <T>(usual: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 15, arbitrary: usual }, { weight: 1, arbitrary: other });

const answer = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({ questionId: textNear(64), userAnswer: textNear(limits.answerText) }, { requiredKeys: [] }),
  },
  { weight: 1, arbitrary: fc.record({ questionId: other, userAnswer: other, extra: fc.string() }) },
  { weight: 1, arbitrary: other },
);
const body = rarely(
  fc.record(
    {
      name: rarely(textNear(limits.name)),
      email: rarely(textNear(limits.email)),
      contactno: fc.oneof(textNear(limits.phone + 20), fc.double(), fc.integer(), other),
      answers: rarely(fc.array(answer, { minLength: 0, maxLength: 4 })),
      questionSetVersion: fc.oneof(
        { weight: 30, arbitrary: fc.integer({ min: 1, max: 1000 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '2') },
        { weight: 1, arbitrary: other },
      ),
      unknown: fc.string(),
    },
    { requiredKeys: ['answers'] },
  ),
);

function bySchema(value: unknown): { ok: unknown } | { failed: true } {
  try {
    return { ok: parse(submitAnswersBodySchema, value, 'body') };
  } catch {
    return { failed: true };
  }
}

test('gives exactly what the schema gives, or leaves the body to the schema', () => {
  let readQuickly = 0;
  fc.assert(
    fc.property(body, (value) => {
      const quick = readSubmitBody(value);
      if (quick === undefined) return;
      readQuickly += 1;
      expect(bySchema(value)).toEqual({ ok: quick });
    }),
    // About one body in 27 is one the quick reading takes: 3000 runs gave 100-135 of them over 40
    // seeds, so the check below failed now and then; at 4000 it sat some four deviations clear. The
    // question set version, absent in half the bodies and wrong in one in 16 of the others, takes
    // about 3% of them more: 4200 runs keep the margin.
    { numRuns: 4200 },
  );
  // The property says something only if the quick reading takes a good share of the bodies.
  expect(readQuickly).toBeGreaterThan(100);
});

test('reads the body the participant app sends', () => {
  const sent = {
    name: ' Ayesha Khan ',
    email: 'ayesha@example.com',
    contactno: 3001112222,
    answers: [
      { questionId: ' q1 ', userAnswer: ' True ' },
      { questionId: 'q2', userAnswer: '' },
    ],
  };
  expect(readSubmitBody(sent)).toEqual(bySchema(sent) && (bySchema(sent) as { ok: unknown }).ok);
  expect(readSubmitBody(sent)).toEqual({
    name: 'Ayesha Khan',
    email: 'ayesha@example.com',
    contactno: '3001112222',
    answers: [
      { questionId: 'q1', userAnswer: ' True ' },
      { questionId: 'q2', userAnswer: '' },
    ],
  });
  const versioned = { ...sent, questionSetVersion: 3 };
  expect(bySchema(versioned)).toEqual({ ok: readSubmitBody(versioned) });
  expect(readSubmitBody(versioned)?.questionSetVersion).toBe(3);
  expect(readSubmitBody({ answers: [{ questionId: 'q1', userAnswer: 'x' }] })).toEqual({
    name: 'Guest User',
    email: 'Not Provided',
    contactno: 'Not Provided',
    answers: [{ questionId: 'q1', userAnswer: 'x' }],
  });
});
