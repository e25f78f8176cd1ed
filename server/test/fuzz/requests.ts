// Generators of whole requests for a route: paths and ids, queries, bodies, content types,
// authorization headers and client addresses.

import fc from 'fast-check';
import { limits } from '@prometrica/shared-api/contract';
import type { ApiRoute } from '../../src/lib/route-table';
import { anyCodeUnit, anyText, defOf, printable, shaped, textUpTo } from './values';
import type { Caller, FuzzWorld } from './world';

const rawBodies = fc.oneof(
  printable(60),
  fc.string({ unit: anyCodeUnit, maxLength: 40 }),
  fc.constantFrom(
    ' ',
    '{',
    '}',
    '[',
    '{"a":',
    'nul',
    'tru',
    "{'a': 1}",
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '\uFEFF{}',
    '{"email":"a@b.co","email":"x"}',
    '1e999999',
    '-0',
    '[]',
    '{}',
    '""',
    'null',
    '"\\ud800"',
    '{"name":"\\u0000"}',
    '{"name":"a"}garbage',
    '{"name":"a"}\n{"name":"b"}',
  ),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

/** Bodies near and over the size limits: 1 MB, and about 270 KB for the consent image. */
const hugeBodies = fc
  .oneof(
    fc.tuple(
      fc.integer({ min: 900_000, max: 1_700_000 }),
      fc.constantFrom('imageBase64', 'name', 'email', 'question', 'answers'),
    ),
    fc.tuple(
      fc.integer({ min: limits.signatureBase64 - 2_000, max: limits.signatureBase64 + 2_000 }),
      fc.constant('imageBase64'),
    ),
  )
  .map(([length, field]) => JSON.stringify({ [field]: 'A'.repeat(length), date: '2025-01-31' }));

function bodyFor(world: FuzzWorld, route: ApiRoute): fc.Arbitrary<string | undefined> {
  const schema = route.body;
  const asJson = (value: unknown) => JSON.stringify(value) ?? 'null';
  const shapedBodies = schema
    ? [
        { weight: 30, arbitrary: shaped(world, schema, false).map(asJson) },
        { weight: 30, arbitrary: shaped(world, schema, true).map(asJson) },
      ]
    : [];
  return fc.oneof(
    { weight: schema ? 8 : 40, arbitrary: fc.constant(undefined) },
    { weight: 15, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(asJson) },
    ...shapedBodies,
    { weight: 10, arbitrary: rawBodies },
    { weight: 1, arbitrary: hugeBodies },
  );
}

/** Percent-encodes text as a client would; a lone surrogate (which has no UTF-8 form) as U+FFFD. */
const percentEncode = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

function idSegment(world: FuzzWorld, route: ApiRoute): fc.Arbitrary<string> {
  const own = world.idsByTag[route.tag] ?? [];
  const id = fc.oneof(
    { weight: own.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...(own.length > 0 ? own : world.ids)) },
    { weight: 2, arbitrary: fc.constantFrom(...world.ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: anyText },
    { weight: 1, arbitrary: fc.string({ minLength: 65, maxLength: 300 }) },
    { weight: 1, arbitrary: fc.integer({ min: 16_000, max: 17_000 }).map((length) => 'i'.repeat(length)) },
  );
  // Mostly encoded as a client would; sometimes raw (path metacharacters act), sometimes twice.
  return fc.tuple(id, fc.constantFrom('encoded', 'encoded', 'encoded', 'raw', 'twice')).map(([value, mode]) => {
    if (mode === 'raw') return value;
    const once = percentEncode(value);
    return mode === 'twice' ? percentEncode(once) : once;
  });
}

function pathFor(world: FuzzWorld, route: ApiRoute): fc.Arbitrary<string> {
  const parts = `/api${route.url}`.split(/(:[A-Za-z]+)/);
  return fc
    .tuple(...parts.map((part) => (part.startsWith(':') ? idSegment(world, route) : fc.constant(part))))
    .map((pieces) => pieces.join(''));
}

function queryFor(route: ApiRoute): fc.Arbitrary<string> {
  const known = route.query ? Object.keys(defOf(route.query).shape ?? {}) : [];
  const key = fc.oneof(
    { weight: 4, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('page') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '__proto__',
        'constructor',
        'page[]',
        'search[0]',
        'limit[a]',
        'year.x',
        'passed ',
      ),
    },
    { weight: 1, arbitrary: printable(12) },
  );
  const value = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '',
        '0',
        '1',
        '2',
        '-1',
        '2.5',
        '1e3',
        '0x10',
        'NaN',
        'Infinity',
        'true',
        'false',
        'All',
        '99999999999999999999',
        '2025',
        '1999',
        ' 12 ',
        '１２',
      ),
    },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 3, arbitrary: textUpTo(6_000) },
  );
  const pairs = fc
    .array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 })
    .map((list) =>
      list.length === 0
        ? ''
        : `?${list.map(([name, text, encode]) => (encode ? `${percentEncode(name)}=${percentEncode(text)}` : `${name}=${text}`)).join('&')}`,
    );
  return fc.oneof(
    { weight: 6, arbitrary: pairs },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&',
        '?=',
        '?&&==&',
        '?page',
        '?page=1&page=2',
        '?%',
        '?%zz=1',
        '?search=%E0%A4%A',
        '?a=1#fragment',
        '?search=%00',
      ),
    },
  );
}

/** The callers a route lets in, by their tokens. */
function allowedCallers(route: ApiRoute): Caller[] {
  switch (route.access.kind) {
    case 'public':
      return ['participant', 'user', 'admin', 'superadmin'];
    case 'participant':
      return ['participant'];
    case 'participant-or-account':
      return ['participant', ...route.access.roles];
    case 'account':
      return route.access.roles ? [...route.access.roles] : ['user', 'admin', 'superadmin'];
  }
}

function authorizationFor(world: FuzzWorld, route: ApiRoute): fc.Arbitrary<string | undefined> {
  const tokens = Object.values(world.tokens);
  const allowed = allowedCallers(route).map((caller) => world.tokens[caller]);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    // Mostly a token the route accepts, so the input reaches validation and the handler.
    { weight: 20, arbitrary: fc.constantFrom(...allowed).map((token) => `Bearer ${token}`) },
    { weight: 4, arbitrary: fc.constantFrom(...tokens).map((token) => `Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constantFrom(...tokens).map((token) => `bearer   ${token}  `) },
    { weight: 1, arbitrary: printable(80).map((text) => `Bearer ${text}`) },
    { weight: 1, arbitrary: printable(40) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic YTpi',
        'Bearer null',
        'Bearer a.b.c',
        'Bearer ....',
        'Bearer eyJhbGciOiJub25lIn0.e30.',
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...tokens), fc.nat(), fc.constantFrom('A', 'b', '-', '_', '.', '0'))
        .map(([token, at, character]) => {
          const index = at % token.length;
          return `Bearer ${token.slice(0, index)}${character}${token.slice(index + 1)}`;
        }),
    },
  );
}

const contentTypes = fc.oneof(
  { weight: 16, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/json;',
      'application/json; charset',
      'application/json, text/plain',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/vnd.api+json',
      'application/octet-stream',
      '*/*',
      'application',
      '',
      ';',
    ),
  },
  { weight: 1, arbitrary: printable(40) },
);

// A few clients only, as the rate limits would see them: bounds the sign-in and details calls that pass.
const clientAddresses = ['192.0.2.10', '192.0.2.11', '198.51.100.7', '2001:db8:5::1'];

export interface FuzzRequest {
  method: ApiRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  remoteAddress: string;
}

export function requestsFor(world: FuzzWorld, route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathFor(world, route),
      query: queryFor(route),
      authorization: authorizationFor(world, route),
      contentType: contentTypes,
      payload: bodyFor(world, route),
      remoteAddress: fc.constantFrom(...clientAddresses),
      forwardedFor: fc.option(fc.constantFrom('203.0.113.5', 'garbage', '1.1.1.1, 2.2.2.2', ''), { freq: 5 }),
    })
    .map(({ path, query, authorization, contentType, payload, remoteAddress, forwardedFor }) => {
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers.authorization = authorization;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (forwardedFor !== null) headers['x-forwarded-for'] = forwardedFor;
      return { method: route.method, url: `${path}${query}`, headers, payload, remoteAddress };
    });
}
