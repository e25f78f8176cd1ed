import { savedAnswer } from '../../../testing/progress';
import { mergeSaved, offeredAnswers } from './use-quiz';

test("another tab's answers are taken, except for the question on screen and those with a save to send here", () => {
  const local = { q1: 'Paris', q2: 'true', q3: 'mine' };
  const saved = [
    savedAnswer('q1', 'Paris'),
    savedAnswer('q2', 'false'),
    savedAnswer('q3', 'theirs'),
    savedAnswer('q4', '7'),
  ];
  expect(mergeSaved(local, saved, new Set(['q3']))).toEqual({ q1: 'Paris', q2: 'false', q3: 'mine', q4: '7' });
});

test('a reply that changes nothing leaves the answers as they are', () => {
  expect(mergeSaved({ q1: 'Paris' }, [savedAnswer('q1', 'Paris')], new Set())).toBeNull();
});

test("another tab's answer to the question on screen is held back and offered again with the next reply", () => {
  const theirs = savedAnswer('q2', 'false');
  // The reply lists q1 (this tab's) and q2 (the other tab's, on screen here): q2 is held back.
  const first = offeredAnswers(new Map(), [savedAnswer('q1', 'Paris'), theirs], 'q2', new Set());
  expect(first.offered).toEqual([savedAnswer('q1', 'Paris'), theirs]);
  expect([...first.held.values()]).toEqual([theirs]);
  // The next reply lists only what was saved since; q2 is offered again, now off screen.
  const next = offeredAnswers(first.held, [savedAnswer('q3', '212')], 'q1', new Set());
  expect(next.offered).toEqual([theirs, savedAnswer('q3', '212')]);
  expect(mergeSaved({ q1: 'Paris', q2: 'true' }, next.offered, new Set(['q1']))).toEqual({
    q1: 'Paris',
    q2: 'false',
    q3: '212',
  });
  expect(next.held.size).toBe(0);
});

test('a newer answer replaces the one held back; one to a question with a save to send here is not held', () => {
  const held = new Map([['q2', savedAnswer('q2', 'false')]]);
  const newer = offeredAnswers(held, [savedAnswer('q2', 'true')], 'q2', new Set());
  expect(newer.offered).toEqual([savedAnswer('q2', 'true')]);
  expect([...newer.held.values()]).toEqual([savedAnswer('q2', 'true')]);
  expect(offeredAnswers(held, [], 'q2', new Set(['q2'])).held.size).toBe(0);
});
