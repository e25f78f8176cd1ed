import { ApiError } from '@prometrica/shared-api';
import { answerSubmissionErrorMessage, submissionErrorMessage } from './submission-messages';

const http = (status: number, message = 'Server said no') => new ApiError('http', status, message);

describe('consent submission failures', () => {
  test('an expired session (401) asks the participant to log in again', () => {
    expect(submissionErrorMessage('consent', http(401))).toBe('Your session has expired. Please log in again.');
  });
  test('rejected data (400) asks to check the information', () => {
    expect(submissionErrorMessage('consent', http(400))).toBe(
      'Invalid data format. Please check your information and try again.',
    );
  });
  test.each([500, 502, 503])('a server error (%i) asks to try again later', (status) => {
    expect(submissionErrorMessage('consent', http(status))).toBe('Server error occurred. Please try again later.');
  });
  test.each(['network', 'timeout', 'aborted'] as const)('no response (%s) points at the connection', (kind) => {
    expect(submissionErrorMessage('consent', new ApiError(kind, 0, 'Network Error'))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
  test.each([403, 404, 409, 422])('any other status (%i) says the agreement could not be sent', (status) => {
    expect(submissionErrorMessage('consent', http(status))).toBe(
      'There was an error submitting your agreement. Please try again.',
    );
  });
  test('an unexpected failure says the agreement could not be sent', () => {
    expect(submissionErrorMessage('consent', new Error('boom'))).toBe(
      'There was an error submitting your agreement. Please try again.',
    );
  });
});

describe('workplace concerns assessment failures', () => {
  test('an expired session (401) asks the participant to log in again', () => {
    expect(submissionErrorMessage('assessment', http(401))).toBe('Your session has expired. Please log in again.');
  });
  test('rejected data (400) asks to check the selections', () => {
    expect(submissionErrorMessage('assessment', http(400))).toBe(
      'Invalid data format. Please check your selections and try again.',
    );
  });
  test.each([500, 504])('a server error (%i) asks to try again later', (status) => {
    expect(submissionErrorMessage('assessment', http(status))).toBe('Server error occurred. Please try again later.');
  });
  test('no response points at the connection', () => {
    expect(submissionErrorMessage('assessment', new ApiError('network', 0, 'Network Error'))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
  test.each([403, 404, 429])('any other status (%i) says the assessment could not be sent', (status) => {
    expect(submissionErrorMessage('assessment', http(status))).toBe(
      'There was an error submitting your assessment. Please check your connection and try again.',
    );
  });
});

describe('quiz answer submission failures', () => {
  test("show the server's own message", () => {
    expect(answerSubmissionErrorMessage(http(422, 'answers must not be empty'))).toBe('answers must not be empty');
  });
  test('an expired session (401) asks the participant to log in again', () => {
    expect(answerSubmissionErrorMessage(http(401, 'Unauthorized'))).toBe(
      'Your session has expired. Please log in again.',
    );
  });
  test('no response points at the connection', () => {
    expect(answerSubmissionErrorMessage(new ApiError('timeout', 0, 'timeout of 30000ms exceeded'))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
});
