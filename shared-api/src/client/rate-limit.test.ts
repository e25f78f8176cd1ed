import { ApiError } from './api-error';
import { rateLimitMessage, tooManyAttemptsMessage } from './rate-limit';

test.each([
  [30, 'Too many attempts. Please wait 30 seconds and try again.'],
  [61, 'Too many attempts. Please wait 2 minutes and try again.'],
  [900, 'Too many attempts. Please wait 15 minutes and try again.'],
  [60, 'Too many attempts. Please wait 1 minute and try again.'],
  [1, 'Too many attempts. Please wait 1 second and try again.'],
])('a wait of %i s reads: %s', (seconds, message) => {
  expect(tooManyAttemptsMessage(seconds)).toBe(message);
});

test('without a Retry-After the message still says to wait', () => {
  expect(tooManyAttemptsMessage(undefined)).toBe('Too many attempts. Please wait a while and try again.');
});

test('only a 429 gets the wait message', () => {
  expect(rateLimitMessage(new ApiError('http', 429, 'Too many', undefined, 180))).toBe(
    'Too many attempts. Please wait 3 minutes and try again.',
  );
  expect(rateLimitMessage(new ApiError('http', 500, 'boom', undefined, 180))).toBeUndefined();
  expect(rateLimitMessage(new Error('boom'))).toBeUndefined();
});
