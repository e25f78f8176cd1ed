// Test helper: answers the app's HTTP calls at the fetch boundary, so components, stores and the
// real ky client all run as they do in the browser.

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Response headers besides the JSON content type (e.g. `Retry-After` of a 429). */
  headers?: Record<string, string>;
  /** Reject like a dropped connection instead of answering. */
  networkError?: boolean;
  /** A body sent as it is (a stream, bytes or text: a download) instead of `body` as JSON; give its type in `headers`. */
  raw?: BodyInit;
}

type Handler =
  | MockReply
  | ((request: { url: URL; method: string; body: unknown; headers: Headers }) => MockReply | Promise<MockReply>);

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/**
 * Installs a fetch mock. Keys are `METHOD path` relative to `/api/` (e.g. `GET admin/getquestions`);
 * the query string is ignored for matching. Unmatched calls answer 404.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    const text = method === 'GET' || method === 'HEAD' ? '' : await request.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    calls.push({ method, path, url, body, headers: request.headers });
    const handler = routes[`${method} ${path}`];
    const reply: MockReply = !handler
      ? { status: 404, body: { message: `No mock for ${method} ${path}` } }
      : typeof handler === 'function'
        ? await handler({ url, method, body, headers: request.headers })
        : handler;
    if (reply.networkError) throw new TypeError('Failed to fetch');
    const payload = reply.raw ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
    return new Response(payload, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  window.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}
