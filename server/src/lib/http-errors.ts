/** An error whose status and message are safe to send to the client as `{ message, error? }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Short machine-readable detail, e.g. the offending field. */
  readonly error: string | undefined;
  /** Response headers that belong to the answer (`Retry-After` of a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, error?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.error = error;
    this.headers = headers;
  }
}

/** 400: the input is wrong; `field` names the offending field when there is one. */
export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
/** 401: no usable credentials. */
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
/** 403: authenticated but not allowed. */
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
/** 404: unknown id or route. */
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** What a lookup found, or a 404 with `message` when it found nothing (an unknown id). */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}
/** 409: the change conflicts with existing data (duplicate email, duplicate category). */
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
/** 503: a dependency (database, a front-end build) is unavailable. */
export const serviceUnavailable = (message: string) => new HttpError(503, message);
