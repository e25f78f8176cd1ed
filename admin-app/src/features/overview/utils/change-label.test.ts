import { changeLabel } from './change-label';

test('growth against last month is shown as a signed, rounded percentage', () => {
  expect(changeLabel(112, 100)).toBe('+12%');
  expect(changeLabel(97, 100)).toBe('-3%');
  expect(changeLabel(2, 3)).toBe('-33%');
  expect(changeLabel(100, 100)).toBe('0%');
});

test('a figure that was zero last month reads New, or 0% when it is still zero', () => {
  expect(changeLabel(5, 0)).toBe('New');
  expect(changeLabel(0, 0)).toBe('0%');
});
