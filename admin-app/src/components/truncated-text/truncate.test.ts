import { truncate } from './truncate';

test('text longer than the limit is cut and ends with an ellipsis', () => {
  expect(truncate('abcdefghij', 4)).toBe('abcd...');
});

test('text within the limit is unchanged', () => {
  expect(truncate('abcd', 4)).toBe('abcd');
  expect(truncate('', 4)).toBe('');
});
