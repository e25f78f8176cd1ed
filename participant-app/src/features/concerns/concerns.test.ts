// The spec's concerns and options, written once for the server's seed tests and for this list.
import { specConcernTitles, specRatingOptions } from '../../../../server/test/helpers/spec';
import { carrySelections, concernKey, fallbackConcerns, parseConcerns } from './concerns';

test('a concern key is its title lowercased with non-alphanumerics replaced by underscores', () => {
  expect(concernKey('Encouragement & Support')).toBe('encouragement___support');
  expect(concernKey('Clarity of Expectations')).toBe('clarity_of_expectations');
});

test('the fallback list is the seven concerns of the spec, each with the three options', () => {
  expect(fallbackConcerns.map((c) => c.title)).toEqual(specConcernTitles);
  for (const concern of fallbackConcerns) {
    expect(concern.options).toEqual(specRatingOptions);
    expect(concern.id).toBeNull();
  }
});

test('a loaded list must be objects with a text _id and title', () => {
  expect(parseConcerns({ complaints: [{ _id: 'c1', title: 'Workload' }] })).toEqual([
    { key: 'c1', id: 'c1', title: 'Workload', description: '', options: ['A little', 'Quite a Bit', 'A great deal'] },
  ]);
  expect(parseConcerns({ complaints: [{ _id: 7, title: 'Workload' }] })).toBeNull();
  expect(parseConcerns({ complaints: [{ _id: 'c1' }] })).toBeNull();
  expect(parseConcerns({ complaints: 'nope' })).toBeNull();
  expect(parseConcerns([{ _id: 'c1', title: 'Workload' }])).toBeNull();
  expect(parseConcerns(null)).toBeNull();
});

test("a concern's own spelling of an option is what gets sent", () => {
  const [concern] =
    parseConcerns({
      complaints: [{ _id: 'c1', title: 'Workload', botherOptions: ['a little', 'Quite a bit', 'Other'] }],
    }) ?? [];
  expect(concern?.options).toEqual(['a little', 'Quite a bit', 'A great deal']);
});

test('choices made on the fallback list carry over to the loaded concerns with the same title', () => {
  const loaded =
    parseConcerns({
      complaints: [
        { _id: 'c1', title: 'Team & Culture' },
        { _id: 'c2', title: 'Workload' },
      ],
    }) ?? [];
  expect(carrySelections({ team___culture: 2, clarity_of_expectations: 0 }, loaded)).toEqual({ c1: 2 });
});
