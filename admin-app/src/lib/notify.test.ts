import { ApiError } from '@prometrica/shared-api';
import { messageOf } from './notify';

test('a refused-as-too-frequent call says how long to wait, from Retry-After', () => {
  expect(messageOf(new ApiError('http', 429, 'Too many requests, try again in 15 minutes', undefined, 90))).toBe(
    'Too many attempts. Please wait 2 minutes and try again.',
  );
  expect(messageOf(new ApiError('http', 429, 'Too many requests'))).toBe(
    'Too many attempts. Please wait a while and try again.',
  );
});

test("any other failure shows the server's message, else the error's, else the fallback", () => {
  expect(messageOf(new ApiError('http', 409, 'Category already exists'))).toBe('Category already exists');
  expect(messageOf(new Error('boom'))).toBe('boom');
  expect(messageOf('nothing useful')).toBe('Something went wrong, please try again!');
});
