// Network events of one page load over CDP, and what they say: which requests hit the network,
// which waited on which (initiator chains plus data fetches a script waited for), bytes.
import type { CDPSession } from 'playwright-core';

interface CallFrame {
  url: string;
}
interface StackTrace {
  callFrames: CallFrame[];
  parent?: StackTrace;
}
interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}

export interface LoggedRequest {
  id: string;
  url: string;
  type: string;
  initiator: Initiator;
  /** Seconds since the epoch (CDP wallTime) when the request was sent. */
  sentAt: number;
  /** CDP monotonic timestamps. */
  sentTs: number;
  finishedTs?: number;
  status?: number;
  fromCache: boolean;
  encodedBytes?: number;
  failed?: boolean;
}

export class NetworkLog {
  readonly requests = new Map<string, LoggedRequest>();
  /** wallTime - timestamp of the first event: converts monotonic times to the epoch. */
  private clockOffset: number | undefined;

  static async attach(session: CDPSession): Promise<NetworkLog> {
    const log = new NetworkLog();
    session.on('Network.requestWillBeSent', (event) => {
      log.clockOffset ??= event.wallTime - event.timestamp;
      // A redirect reuses the id: the final hop is what counts.
      log.requests.set(event.requestId, {
        id: event.requestId,
        url: event.request.url,
        type: event.type ?? 'Other',
        initiator: event.initiator as Initiator,
        sentAt: event.wallTime,
        sentTs: event.timestamp,
        fromCache: false,
      });
    });
    session.on('Network.requestServedFromCache', (event) => {
      const request = log.requests.get(event.requestId);
      if (request) request.fromCache = true;
    });
    session.on('Network.responseReceived', (event) => {
      const request = log.requests.get(event.requestId);
      if (!request) return;
      request.status = event.response.status;
      request.type = event.type ?? request.type;
      if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker)
        request.fromCache = true;
    });
    session.on('Network.loadingFinished', (event) => {
      const request = log.requests.get(event.requestId);
      if (!request) return;
      request.finishedTs = event.timestamp;
      request.encodedBytes = event.encodedDataLength;
    });
    session.on('Network.loadingFailed', (event) => {
      const request = log.requests.get(event.requestId);
      if (request) request.failed = true;
    });
    await session.send('Network.enable');
    return log;
  }

  /** Epoch seconds of a CDP timestamp. */
  toEpoch(ts: number): number {
    return ts + (this.clockOffset ?? 0);
  }

  /** Requests that went to the network (not a cache, not failed), sent before `epochSeconds`. */
  networkRequestsBefore(epochSeconds: number): LoggedRequest[] {
    return [...this.requests.values()].filter(
      (r) =>
        !r.fromCache &&
        !r.failed &&
        r.sentAt <= epochSeconds &&
        !r.url.startsWith('data:') &&
        !r.url.endsWith('/favicon.ico'),
    );
  }
}

const isData = (r: LoggedRequest) => r.type === 'Fetch' || r.type === 'XHR';

/** URLs a script-initiated request's stack names, innermost first (async parents after). */
function stackUrls(stack: StackTrace | undefined): string[] {
  const urls: string[] = [];
  for (let s = stack; s; s = s.parent) for (const frame of s.callFrames) if (frame.url) urls.push(frame.url);
  return urls;
}

export interface Chain {
  /** Longest chain of requests that waited on each other, counting the HTML. */
  length: number;
  /** The URLs along it, from the HTML. */
  path: string[];
}

/**
 * Round trips that had to happen one after another. A request waits on its initiator (the
 * document for parser-inserted and preloaded requests, the script that inserted or fetched it
 * otherwise) and, when a script started it, on every data fetch (config, manifests) that finished
 * before it was sent: the script was waiting for those answers.
 */
export function longestChain(requests: readonly LoggedRequest[]): Chain {
  const sorted = [...requests].sort((a, b) => a.sentTs - b.sentTs);
  const byUrl = new Map<string, LoggedRequest>();
  const depth = new Map<string, { length: number; via?: LoggedRequest }>();
  let best: { length: number; last?: LoggedRequest } = { length: 0 };
  for (const request of sorted) {
    const predecessors: LoggedRequest[] = [];
    const initiator = request.initiator;
    if (initiator.type === 'script') {
      const url = stackUrls(initiator.stack).find((u) => byUrl.has(u));
      if (url) predecessors.push(byUrl.get(url)!);
      for (const other of sorted) {
        if (other === request || !isData(other) || other.finishedTs === undefined) continue;
        if (other.finishedTs <= request.sentTs) predecessors.push(other);
      }
    } else if (initiator.url && byUrl.has(initiator.url)) {
      predecessors.push(byUrl.get(initiator.url)!);
    }
    let length = 1;
    let via: LoggedRequest | undefined;
    for (const p of predecessors) {
      const d = depth.get(p.id);
      if (d && d.length + 1 > length) {
        length = d.length + 1;
        via = p;
      }
    }
    depth.set(request.id, { length, ...(via ? { via } : {}) });
    if (!byUrl.has(request.url)) byUrl.set(request.url, request);
    if (length > best.length) best = { length, last: request };
  }
  const path: string[] = [];
  for (let r = best.last; r; r = depth.get(r.id)?.via) path.unshift(r.url);
  return { length: best.length, path };
}
