import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import { secondFactorEnrolmentCode, sessionEndedCode } from '../contract/session';
import { ApiError } from './api-error';
import { adminToken, participantToken } from './token-storage';

/** Which token a call sends: the account's, the participant's, or none. */
export type Credential = 'account' | 'participant' | 'none';

export interface RequestOptions {
  credential?: Credential;
  /** This token instead of the stored one (signing out sends the token it is forgetting). */
  token?: string;
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 30_000;

let apiBaseUrl = '/api';
/**
 * Why the server refused an account call: the token ran out (renewed in place), or its session was
 * ended (signed out here or in another tab, ended from the sessions list, a password or role change),
 * or the session may only turn the second factor on (the superadmin requires one of admins).
 */
export type UnauthorizedReason = 'expired' | 'ended' | 'second-factor-enrolment';

const unauthorizedListeners = new Set<(reason: UnauthorizedReason) => void>();

/** Called when the server refuses the signed-in account's token (expired or ended). */
export function onAccountUnauthorized(listener: (reason: UnauthorizedReason) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
let instance: KyInstance | undefined;

/** Points the client at the API (the shell calls this with `/config.json`'s `apiBaseUrl`). */
export function configureApi(options: { apiBaseUrl: string }): void {
  apiBaseUrl = options.apiBaseUrl;
  instance = undefined;
}

/** The absolute API base; ky needs an absolute prefix outside a browser page. */
export function resolveApiBase(): string {
  if (/^https?:\/\//.test(apiBaseUrl)) return apiBaseUrl.replace(/\/$/, '');
  const origin = typeof location === 'undefined' ? 'http://127.0.0.1' : location.origin;
  return origin + '/' + apiBaseUrl.replace(/^\/|\/$/g, '');
}

function client(): KyInstance {
  instance ??= ky.create({ prefixUrl: resolveApiBase(), timeout: TIMEOUT_MS, retry: 0 });
  return instance;
}

function tokenFor(credential: Credential): string | null {
  if (credential === 'none') return null;
  if (credential === 'participant') return participantToken.get() ?? adminToken.get();
  return adminToken.get();
}

/**
 * `Retry-After` as seconds: the server sends a number of seconds; a proxy may send an HTTP date,
 * counted from `now`. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || !value.trim()) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    let message = `Request failed with status code ${error.response.status}`;
    let code: string | undefined;
    try {
      const body = (await error.response.json()) as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
      if (typeof body.error === 'string') code = body.error;
    } catch {
      // Not JSON (a proxy's error page): keep the status message.
    }
    const retryAfter = parseRetryAfter(error.response.headers.get('retry-after'));
    return new ApiError('http', error.response.status, message, code, retryAfter);
  }
  if (error instanceof TimeoutError) return new ApiError('timeout', 0, `timeout of ${TIMEOUT_MS}ms exceeded`);
  if (error instanceof DOMException && error.name === 'AbortError')
    return new ApiError('aborted', 0, 'Request aborted');
  return new ApiError('network', 0, 'Network Error');
}

/** Sends one API call and returns its JSON body, or throws an `ApiError`. */
export async function request<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const credential = options.credential ?? 'account';
  const token = options.token ?? tokenFor(credential);
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.searchParams ?? {})) {
    if (value !== undefined) searchParams[key] = String(value);
  }
  const kyOptions: Options = {
    method,
    json: options.json,
    searchParams,
    signal: options.signal,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  };
  try {
    return await client()(path.replace(/^\//, ''), kyOptions).json<T>();
  } catch (error) {
    const failure = await toApiError(error);
    if (credential === 'account') tellAccountRefusal(failure, token);
    throw failure;
  }
}

/**
 * Tells the listeners (`onAccountUnauthorized`) when the server refused a call of the signed-in
 * account for its session: the token expired or the session ended (401), or the session may only
 * turn the second factor on (403). For calls made without `request` (a file fetched as a stream).
 */
export function tellAccountRefusal(failure: ApiError, sentToken: string | null): void {
  if (failure.status === 401) {
    // No token to send: another tab signed out (it took the stored token away).
    const reason = !sentToken || failure.error === sessionEndedCode ? 'ended' : 'expired';
    for (const listener of unauthorizedListeners) listener(reason);
  }
  if (failure.status === 403 && failure.error === secondFactorEnrolmentCode) {
    for (const listener of unauthorizedListeners) listener('second-factor-enrolment');
  }
}
