import { ApiError } from '@prometrica/shared-api';
import { answerSubmissionErrorMessage, submissionErrorMessage } from './submission-messages';

const http = (status: number, message = 'Server said no') => new ApiError('http', status, message);

describe.each([
  {
    title: 'consent submission failures',
    form: 'consent',
    checked: 'information',
    serverErrors: [500, 502, 503],
    noResponse: ['network', 'timeout', 'aborted'],
    others: [403, 404, 409, 422],
    what: 'agreement',
    otherwise: 'There was an error submitting your agreement. Please try again.',
  },
  {
    title: 'workplace concerns assessment failures',
    form: 'assessment',
    checked: 'selections',
    serverErrors: [500, 504],
    noResponse: ['network'],
    others: [403, 404, 422],
    what: 'assessment',
    otherwise: 'There was an error submitting your assessment. Please check your connection and try again.',
  },
] as const)('$title', ({ form, checked, serverErrors, noResponse, others, what, otherwise }) => {
  test('an expired session (401) asks the participant to log in again', () => {
    expect(submissionErrorMessage(form, http(401))).toBe('Your session has expired. Please log in again.');
  });
  test(`rejected data (400) asks to check the ${checked}`, () => {
    expect(submissionErrorMessage(form, http(400))).toBe(
      `Invalid data format. Please check your ${checked} and try again.`,
    );
  });
  test.each(serverErrors)('a server error (%i) asks to try again later', (status) => {
    expect(submissionErrorMessage(form, http(status))).toBe('Server error occurred. Please try again later.');
  });
  test.each(noResponse)('no response (%s) points at the connection', (kind) => {
    expect(submissionErrorMessage(form, new ApiError(kind, 0, 'Network Error'))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
  test.each(others)(`any other status (%i) says the ${what} could not be sent`, (status) => {
    expect(submissionErrorMessage(form, http(status))).toBe(otherwise);
  });
  test('too many attempts (429) says how long to wait', () => {
    expect(submissionErrorMessage(form, new ApiError('http', 429, 'Too many', undefined, 45))).toBe(
      'Too many attempts. Please wait 45 seconds and try again.',
    );
  });
});

describe('consent submission failures', () => {
  test('an unexpected failure says the agreement could not be sent', () => {
    expect(submissionErrorMessage('consent', new Error('boom'))).toBe(
      'There was an error submitting your agreement. Please try again.',
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
  test('too many attempts (429) says how long to wait', () => {
    expect(answerSubmissionErrorMessage(new ApiError('http', 429, 'Too many', undefined, 900))).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
  });
  test('no response points at the connection', () => {
    expect(answerSubmissionErrorMessage(new ApiError('timeout', 0, 'timeout of 30000ms exceeded'))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
});
