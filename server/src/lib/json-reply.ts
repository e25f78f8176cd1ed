import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** A content encoding the server answers with. */
export type Encoding = 'br' | 'gzip';

/** Replies smaller than this are sent as they are: compressing them saves less than it costs. */
export const compressFromBytes = 1024;

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none. A coding listed with
 * `q=0` is refused; `*` stands for gzip.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  // Browsers send a handful of distinct headers: each is read once.
  if (knownEncodings.has(acceptEncoding)) return knownEncodings.get(acceptEncoding);
  const encoding = readAcceptEncoding(acceptEncoding);
  if (knownEncodings.size >= 64) knownEncodings.clear();
  knownEncodings.set(acceptEncoding, encoding);
  return encoding;
}

const knownEncodings = new Map<string, Encoding | undefined>();

function readAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (parameters.some((parameter) => /^q=0(?:\.0{0,3})?$/.test(parameter))) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * Replies up to this size are compressed on the main thread. Handing a small one to the thread pool
 * costs more CPU than compressing it in place; past this size compressing in place would hold the
 * other requests back longer than the hand-off costs.
 */
export const compressInPlaceUpToBytes = 64 * 1024;

/**
 * Compresses one reply on the way out. In place, brotli quality 1 or gzip level 6; large replies,
 * off the main thread, with brotli quality 4: a page of results shrinks about fivefold. Quality 1
 * because compressing is the largest single cost of a submission on the event loop: quality 1
 * takes markedly less time than 2 on a submission's reply, for a few percent more bytes (the same on
 * a page of results).
 */
export function compressReply(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const inPlace = body.length <= compressInPlaceUpToBytes;
  if (encoding === 'br') {
    const options = {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: inPlace ? 1 : 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    };
    return inPlace ? zlib.brotliCompressSync(body, options) : brotliAsync(body, options);
  }
  return inPlace ? zlib.gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 });
}

/**
 * A JSON reply prepared once (checked against its contract, serialised, compressed at the highest
 * settings) and then sent as it is to every request that asks for it.
 */
export class PreparedJson {
  readonly identity: Buffer;
  private readonly encoded: Record<Encoding, Buffer>;

  constructor(readonly text: string) {
    this.identity = Buffer.from(text, 'utf8');
    this.encoded = {
      br: zlib.brotliCompressSync(this.identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      }),
      gzip: zlib.gzipSync(this.identity, { level: 9 }),
    };
  }

  /** The bytes to send for an `Accept-Encoding` header, and the encoding they are in. */
  bodyFor(acceptEncoding: string | undefined): { body: Buffer; encoding?: Encoding } {
    const encoding = preferredEncoding(acceptEncoding);
    return encoding ? { body: this.encoded[encoding], encoding } : { body: this.identity };
  }
}

/**
 * A reply serialised by the route itself, from a value of its contract's type: sent as it is (and
 * compressed like any other), without the check against the response schema, which rebuilt the
 * reply as a copy to serialise it. Only for a hot call whose serialiser is tested to write exactly
 * what the schema's output would.
 */
export class SerializedJson {
  constructor(readonly text: string) {}
}
