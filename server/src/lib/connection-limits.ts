import { BlockList, isIPv4, isIPv6, type Server, type Socket } from 'node:net';

/** How slow clients are cut off, and how many connections one client address may hold open. */
export interface ConnectionLimits {
  /** Longest time a request's headers may take to arrive (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** Longest time a whole request, its body included, may take to arrive (Node's `requestTimeout`): 408 after it. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may stay idle between requests (Node's `keepAliveTimeout`). */
  keepAliveTimeoutMs: number;
  /** Connections one client address may hold open at once; more are closed at once. 0: no cap. */
  perAddress: number;
}

/**
 * How often Node looks for requests past their headers or request timeout. Node's default, 30 s,
 * would let a slow request live up to 30 s past its timeout; checking every second costs one walk
 * over the open connections a second.
 */
export const timeoutCheckIntervalMs = 1000;

/** The `http` server options and Fastify options that carry the timeouts. */
export function timeoutOptions(limits: ConnectionLimits) {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(timeoutCheckIntervalMs, limits.headersTimeoutMs),
    },
    // Fastify sets these two on the server again after creating it (its own defaults otherwise).
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  };
}

/** proxy-addr's names for ranges, as `TRUST_PROXY` accepts them. */
const namedRanges: Record<string, ReadonlyArray<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as a dual-stack server sees IPv4 clients) as its IPv4. */
const plainAddress = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
};

/**
 * Whether a connection comes from a proxy `TRUST_PROXY` trusts. Behind a proxy every client arrives
 * on the proxy's connections, so a per-address cap would cap the proxy: trusted proxies are not
 * capped (a proxy caps its own clients). `true` or a number of hops trusts whoever connects.
 */
export function trustedProxy(trustProxy: boolean | number | readonly string[]): (address: string) => boolean {
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)) return () => true;
  if (trustProxy === false || typeof trustProxy === 'number' || trustProxy.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const named = namedRanges[entry];
    if (named) {
      for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) {
      const plain = plainAddress(address);
      list.addAddress(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
    } else {
      list.addSubnet(address, Number(bits), isIPv6(address) ? 'ipv6' : 'ipv4');
    }
  }
  return (address) => {
    const plain = plainAddress(address);
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    return isIPv6(plain) && list.check(plain, 'ipv6');
  };
}

/**
 * Caps the connections each client address holds open: a connection beyond `limits.perAddress` is
 * closed as soon as it is accepted, before any of its bytes are read, so one client opening
 * thousands of slow connections takes no more than its share. `keyOf` names the client an address
 * belongs to (an IPv6 client by its /64, as the rate limits count it); `exempt` skips trusted
 * proxies. Returns how many connections each key holds, for tests.
 */
export function capConnectionsPerAddress(
  server: Server,
  perAddress: number,
  keyOf: (address: string) => string,
  exempt: (address: string) => boolean,
): ReadonlyMap<string, number> {
  const open = new Map<string, number>();
  if (perAddress <= 0) return open;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const key = keyOf(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
  return open;
}
