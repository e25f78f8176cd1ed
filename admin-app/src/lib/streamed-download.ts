import { ApiError, adminToken, resolveApiBase, tellAccountRefusal } from '@prometrica/shared-api';

/** How far a download has come. */
export interface DownloadProgress {
  /** Bytes of the body received so far. */
  received: number;
  /** Rows the server said the file holds (`X-Export-Rows`), when it said. */
  rows?: number;
  /** The approximate share done, 0 to 1, when it can be told (see `shareOf`). */
  share?: number;
}

export interface DownloadRequest {
  /** API path, relative to the API base (e.g. `admin/results/export`). */
  path: string;
  query?: Record<string, string>;
  /** The file's name when the server names none (`Content-Disposition`). */
  fallbackName: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/** The file name of a `Content-Disposition` header: its UTF-8 `filename*` first, else `filename`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

const NEWLINE = 10;
/** A ZIP entry's local header starts with these bytes (`PK\x03\x04`). */
const ZIP_ENTRY = [0x50, 0x4b, 0x03, 0x04] as const;

/**
 * Counts what a row is in a body as it streams in: for text (a CSV) its lines, the heading line
 * among them; for a ZIP (the reports' archive, a file per row) its entries' headers, whose bytes
 * may be split between chunks. Other types (an XLSX, whose rows are compressed) have none.
 */
function rowCounter(type: string): ((chunk: Uint8Array) => number) | undefined {
  if (type.startsWith('text/')) {
    let lines = 0;
    return (chunk) => {
      for (const byte of chunk) if (byte === NEWLINE) lines += 1;
      // Less the heading line.
      return Math.max(0, lines - 1);
    };
  }
  if (type.startsWith('application/zip')) {
    let entries = 0;
    let matched = 0;
    return (chunk) => {
      for (const byte of chunk) {
        matched = byte === ZIP_ENTRY[matched] ? matched + 1 : byte === ZIP_ENTRY[0] ? 1 : 0;
        if (matched === ZIP_ENTRY.length) {
          entries += 1;
          matched = 0;
        }
      }
      return entries;
    };
  }
  return undefined;
}

/**
 * The share done: exact from `Content-Length` when the server knows the size; else, with a row
 * count (`X-Export-Rows`, sent first by a file streamed as it is read from the database), the rows
 * received over it, short of 1 until the body ends (a cell may hold a line break of its own).
 * Otherwise unknown: only the bytes are shown.
 */
function shareOf(received: number, total: number | undefined, counted: number | undefined, rows: number | undefined) {
  if (total) return Math.min(1, received / total);
  if (rows !== undefined && counted !== undefined) return rows === 0 ? 0.99 : Math.min(0.99, counted / rows);
  return undefined;
}

/** The server's `{ message }` of a refusal, or the status when its body says nothing readable. */
async function refusalOf(response: Response): Promise<ApiError> {
  let message = `Request failed with status code ${response.status}`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
    if (typeof body.error === 'string') code = body.error;
  } catch {
    // Not JSON (a proxy's error page): keep the status message.
  }
  return new ApiError('http', response.status, message, code);
}

const aborted = () => new ApiError('aborted', 0, 'The download was cancelled');

/**
 * Downloads a file from the API with the signed-in account's token (the API wants it in the
 * `Authorization` header, which a plain link cannot send), reading the body as it streams in to
 * tell its progress. Refusals throw an `ApiError` with the server's message (a refused session is
 * told to the auth store as `request` tells it); a cancelled download (through `signal`) throws one
 * of kind `aborted`.
 */
export async function fetchDownload(request: DownloadRequest): Promise<DownloadedFile> {
  const { signal, onProgress } = request;
  const url = new URL(`${resolveApiBase()}/${request.path.replace(/^\//, '')}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const token = adminToken.get();

  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  } catch {
    if (signal?.aborted) throw aborted();
    throw new ApiError('network', 0, 'Network Error: the download could not start');
  }
  if (!response.ok) {
    const failure = await refusalOf(response);
    // An expired session is renewed in place, as for any other call; the user downloads again after.
    tellAccountRefusal(failure, token);
    throw failure;
  }

  const filename = filenameOf(response.headers.get('content-disposition')) ?? request.fallbackName;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('content-length')) || undefined;
  const rowsHeader = response.headers.get('x-export-rows');
  const rows = rowsHeader !== null && /^\d+$/.test(rowsHeader) ? Number(rowsHeader) : undefined;
  const count = rows !== undefined ? rowCounter(type) : undefined;
  let counted = count ? 0 : undefined;

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    // Cancelling the reader ends a read that is waiting for more of the body.
    const stop = () => void reader.cancel().catch(() => {});
    signal?.addEventListener('abort', stop);
    try {
      for (;;) {
        let part: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
        try {
          part = await reader.read();
        } catch {
          if (signal?.aborted) throw aborted();
          throw new ApiError('network', 0, 'Network Error: the download was interrupted');
        }
        if (signal?.aborted) throw aborted();
        if (part.done) break;
        chunks.push(part.value);
        received += part.value.byteLength;
        if (count) counted = count(part.value);
        onProgress?.({ received, rows, share: shareOf(received, total, counted, rows) });
      }
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
  onProgress?.({ received, rows, share: 1 });
  return { filename, blob: new Blob(chunks, { type }) };
}
