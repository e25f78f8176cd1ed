/** How a call failed: the server answered with an error, or no usable answer came back. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

/** A failed API call, carrying the server's message when there was one. */
export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The server's `error` field, when it sent one. */
  readonly error?: string;
  /** How many seconds the server asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfterSeconds?: number;

  constructor(kind: ApiErrorKind, status: number, message: string, error?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.error = error;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** True for an `ApiError` (also across module copies, by shape). */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ApiError')
  );
}
