import { finished } from 'node:stream/promises';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
// `FastifyInstance.inFlight` is declared with the app; named here so any program compiling this file sees it.
import type {} from '../app';

// A route may answer with a file rather than JSON: a PDF, an export, a ZIP (its `produces` names the
// media type for the docs). The bytes are a buffer (a PDF made whole) or a stream that a producer
// writes while the client reads (`producedStream`), so a file of any size costs the server about
// one batch of memory.

/** What a file route's `response` is in the route table: bytes, never checked against a schema. */
export const fileResponseSchema = z.string().describe('The file (see its media type)');

export interface FileReplyOptions {
  /** Media type of the bytes (`application/pdf`, `text/csv; charset=utf-8`, ...). */
  contentType: string;
  /** The name the browser saves it under. */
  filename: string;
  body: Buffer | Readable;
  /** `inline`: shown by the browser when it can (a PDF); a download otherwise. */
  disposition?: 'attachment' | 'inline';
  /** More headers of the reply (`X-Export-Rows`, ...). */
  headers?: Readonly<Record<string, string>>;
}

/** A file sent as a route's reply, instead of JSON. */
export class FileReply {
  constructor(readonly file: FileReplyOptions) {}
}

/**
 * `Content-Disposition` of a file: its name as ASCII (anything else replaced), and as UTF-8
 * (RFC 6266 `filename*`) for the browsers that read it.
 */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends a file reply: its type, name and headers, then its bytes (a stream is piped with
 * backpressure by Fastify, and destroyed when the client goes away). Never compressed: PDFs, ZIPs
 * and XLSX files are compressed already. A stream is counted as in flight until it ends, so the
 * database is not closed under an export still being written.
 */
export function sendFile(reply: FastifyReply, value: FileReply): Buffer | Readable {
  const { contentType, filename, body, disposition = 'attachment', headers = {} } = value.file;
  reply.type(contentType);
  reply.header('content-disposition', contentDisposition(filename, disposition));
  reply.headers(headers);
  if (body instanceof Readable) void reply.server.inFlight.run(() => finished(body).catch(() => undefined));
  return body;
}

/**
 * Whether a writable stream's buffer is over its mark. Streams of the `readable-stream` package
 * before its third version (archiver's, inside exceljs) have no `writableNeedDrain`: their state says it.
 */
function needsDrain(stream: Writable): boolean {
  return (
    stream.writableNeedDrain ??
    (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain === true
  );
}

/** The client went away (or the reply failed): the producer stops. */
export class SinkClosed extends Error {
  constructor() {
    super('the reply was closed before the file was written');
    this.name = 'SinkClosed';
  }
}

/**
 * Where a producer writes a streamed file. `write` resolves once the stream can take more (it waits
 * for `drain` when the reply's buffer is full: a slow client holds the producer back instead of the
 * file piling up in memory); `pause` lets other requests run between batches; both reject with
 * `SinkClosed` once the client has gone, so an abandoned export stops reading the database.
 */
export class FileSink {
  private closed = false;

  constructor(readonly stream: Writable) {
    stream.once('close', () => {
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed || this.stream.destroyed;
  }

  /** Writes `chunk`, then waits while the stream's buffer is over its mark. */
  async write(chunk: string | Buffer): Promise<void> {
    if (this.isClosed) throw new SinkClosed();
    if (!this.stream.write(chunk)) await this.drained();
  }

  /** Resolves once the stream's buffer is under its mark (at once when it is). */
  drained(): Promise<void> {
    return this.drainedStream(this.stream);
  }

  /**
   * Resolves once `target` (a stream the writer feeds on the way to this one, such as a
   * compressor) has taken what it was given; rejects with `SinkClosed` if the client goes first.
   */
  async drainedStream(target: Writable): Promise<void> {
    if (this.isClosed) throw new SinkClosed();
    if (!needsDrain(target)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.stream.off('close', gone);
        resolve();
      };
      const gone = () => {
        target.off('drain', done);
        reject(new SinkClosed());
      };
      target.once('drain', done);
      this.stream.once('close', gone);
    });
  }

  /** Yields to the event loop, so requests waiting behind a batch are served before the next. */
  async pause(): Promise<void> {
    await nextTurn();
    if (this.isClosed) throw new SinkClosed();
  }
}

/**
 * A stream whose bytes `produce` writes through a `FileSink`: it ends when `produce` resolves, and
 * is destroyed with its error when `produce` fails (the client sees a cut-off download; `onError`
 * logs why). A client that goes away ends `produce` at its next write or pause, quietly.
 */
export function producedStream(
  produce: (sink: FileSink) => Promise<void>,
  onError: (error: unknown) => void,
): Readable {
  const stream = new PassThrough();
  const sink = new FileSink(stream);
  void (async () => {
    try {
      await produce(sink);
      // A writer that piped into the stream (exceljs) has ended it already.
      if (!sink.isClosed && !stream.writableEnded) stream.end();
    } catch (error) {
      if (error instanceof SinkClosed) return;
      onError(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return stream;
}
