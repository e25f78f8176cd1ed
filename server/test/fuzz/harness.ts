import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { ApiRoute } from '../../src/lib/route-table';
import { apiRouteTable } from '../../src/modules';
import { standardRatingOptions } from '../../src/modules/concerns/service';
import { questionSet } from '../../src/modules/questions/question-set';
import { call, newParticipant, submitAll } from '../helpers/api';
import { build, type TestApp } from '../helpers/build';
import { loginAs, quickPassword, quickUser } from '../helpers/users';

/**
 * Property-based fuzzing of every route in the route table through `app.inject`: generated paths,
 * queries, headers, tokens and bodies must never get a 5xx, never leak internals, always get
 * `{ message, error? }` for errors and a body matching the route's response schema for 2xx.
 * `FUZZ_RUNS` sets the runs per route (1000 by default; `pnpm fuzz` runs 10000).
 */
export const fuzzRuns = readPositiveInteger('FUZZ_RUNS', 1000);
/** `FUZZ_SEED` replays a failure fast-check reported. */
const fuzzSeed = process.env.FUZZ_SEED ? Number.parseInt(process.env.FUZZ_SEED, 10) : undefined;

function readPositiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return value;
}

/** Which fuzz file covers which modules (tags): three files, so jest runs them side by side. */
export const fuzzGroups = {
  participant: ['health', 'auth', 'quiz', 'concern-ratings'],
  content: ['questions', 'categories', 'concerns'],
  accounts: ['users', 'results', 'stats'],
} as const;

export const routesOf = (group: keyof typeof fuzzGroups): ApiRoute[] =>
  apiRouteTable.filter((route) => (fuzzGroups[group] as readonly string[]).includes(route.tag));

export type Caller = 'participant' | 'user' | 'admin' | 'superadmin';

/** One app with an account of every role, a participant, and rows the fuzzer can aim ids at. */
export interface FuzzWorld {
  app: FastifyInstance;
  tokens: Record<Caller, string>;
  /** Ids of rows that exist: questions, categories, concerns, results, concern ratings, accounts. */
  ids: string[];
  /** The same ids by the module (route tag) whose routes take them. */
  idsByTag: Record<string, string[]>;
  questionIds: string[];
  concernIds: string[];
  categoryNames: string[];
  /** Deletes what the fuzzer created since `since` (ISO time), so later routes list small tables. */
  removeRowsSince(since: string): Promise<void>;
  close(): Promise<void>;
}

/** Rows created since `since`, children first; a category still holding a question stays. */
async function removeRowsSince(app: FastifyInstance, since: string): Promise<void> {
  const { db } = app;
  await db.deleteFrom('concern_submissions').where('created_at', '>=', since).execute();
  await db.deleteFrom('agreements').where('created_at', '>=', since).execute();
  await db.deleteFrom('results').where('created_at', '>=', since).execute();
  await db.deleteFrom('participants').where('created_at', '>=', since).execute();
  await db.deleteFrom('questions').where('created_at', '>=', since).execute();
  await db
    .deleteFrom('categories')
    .where('created_at', '>=', since)
    .where('id', 'not in', db.selectFrom('questions').select('category_id'))
    .execute();
  await db.deleteFrom('concerns').where('created_at', '>=', since).execute();
  await db.deleteFrom('users').where('created_at', '>=', since).execute();
  // Removed behind the API's back: the shared question list must be read again.
  questionSet(app).invalidate();
}

export async function createWorld(): Promise<FuzzWorld> {
  const subject: TestApp = await build();
  const { app } = subject;
  try {
    const tokens = {} as Record<Caller, string>;
    for (const role of ['user', 'admin', 'superadmin'] as const) {
      const account = await quickUser(app, { role });
      tokens[role] = await loginAs(app, account.email, quickPassword);
    }
    tokens.participant = (await newParticipant(app)).token;

    // A submitted result and a rated concern, so ids of those exist too.
    const submitter = await newParticipant(app);
    expect((await submitAll(app, submitter.token)).statusCode).toBe(201);
    const concern = await app.db.selectFrom('concerns').select('id').executeTakeFirstOrThrow();
    const rated = await call(app, 'POST', '/api/complaint-bother/add-complaint', {
      token: submitter.token,
      payload: [{ complaintId: concern.id, botherOptions: [standardRatingOptions[0]] }],
    });
    expect(rated.statusCode).toBe(201);
    // Accounts the fuzzer may update or delete (never the ones whose tokens it uses).
    const targets = [await quickUser(app), await quickUser(app, { role: 'admin' })];

    const idsOf = async (table: 'questions' | 'categories' | 'concerns' | 'results' | 'concern_ratings') =>
      (await app.db.selectFrom(table).select('id').execute()).map((row) => row.id);
    const questionIds = await idsOf('questions');
    const concernIds = await idsOf('concerns');
    const idsByTag = {
      questions: questionIds,
      concerns: concernIds,
      categories: await idsOf('categories'),
      results: await idsOf('results'),
      'concern-ratings': await idsOf('concern_ratings'),
      users: targets.map((target) => target.id),
    };
    const ids = Object.values(idsByTag).flat();
    const categoryNames = (await app.db.selectFrom('categories').select('name').execute()).map((row) => row.name);
    return {
      app,
      tokens,
      ids,
      idsByTag,
      questionIds,
      concernIds,
      categoryNames,
      removeRowsSince: (since) => removeRowsSince(app, since),
      close: () => subject.close(),
    };
  } catch (error) {
    await subject.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Generators

/** Any UTF-16 code unit: NUL, control characters and lone surrogates included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const printable = (maxLength: number) => fc.string({ maxLength });

const awkwardStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  '%',
  '%%',
  '%00',
  "'",
  '"',
  '\\',
  '\r\n',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  'true',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'ﷺ'.repeat(20),
  'Ǆǅǆ İı ß ẞ ﬃ',
] as const;

const hugeString = (maxLength: number) =>
  fc
    .tuple(fc.integer({ min: 300, max: maxLength }), fc.constantFrom('a', 'é', '😀', '\u0000', '%', ' '))
    .map(([length, unit]) => unit.repeat(length));

/** Text of every kind: short and long (up to `maxLength`), ASCII and not, with the characters that break things. */
const textUpTo = (maxLength: number) =>
  fc.oneof(
    { weight: 5, arbitrary: printable(30) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 20 }) },
    { weight: 2, arbitrary: fc.constantFrom(...awkwardStrings) },
    { weight: 1, arbitrary: hugeString(maxLength) },
  );
const anyText = textUpTo(20_000);

const deepArrays = fc.integer({ min: 1, max: 60 }).map((depth) => {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
});

/** A value of the wrong type for wherever it lands. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  anyText,
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(printable(10), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  deepArrays,
);

/**
 * Text for a field, biased by its name towards values that pass (so deeper code runs too); when
 * `noisy`, any text at all a third of the time.
 */
function textFor(world: FuzzWorld, key: string | undefined, format: string | undefined, noisy: boolean): fc.Arbitrary<string> {
  const plausible = (() => {
    if (format === 'email' || key === 'email') {
      return fc.oneof(
        fc.emailAddress(),
        fc.stringMatching(/^[a-z][a-z0-9.]{0,15}@[a-z]{1,10}\.(com|org|pk)$/),
        fc.constantFrom('participant@example.com', 'ADMIN@prometrica.local', 'a@b.co'),
      );
    }
    if (format === 'date' || key === 'date') {
      return fc.oneof(
        fc.date({ min: new Date('1000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
        fc.constantFrom('2025-02-30', '2025-13-01', '0000-00-00', '2025-1-1', '2025-01-31T00:00:00Z'),
      );
    }
    switch (key) {
      case 'imageBase64':
        return fc.oneof(fc.base64String({ maxLength: 200 }), fc.constantFrom('data:image/png;base64,AAAA', '====', 'A', 'QQ==='));
      case 'questionId':
        return fc.constantFrom(...world.questionIds);
      case 'complaintId':
        return fc.constantFrom(...world.concernIds);
      case 'category':
        return fc.constantFrom(...world.categoryNames, 'leadership', 'No such category');
      case 'botherOptions':
        return fc.constantFrom(...standardRatingOptions, 'a little', 'Not an option');
      case 'phone':
      case 'phoneNumber':
      case 'contactno':
        return fc.oneof(fc.stringMatching(/^\d{1,15}$/), fc.stringMatching(/^\d{16,24}$/), fc.constantFrom('+92 300 1234567', '03-00'));
      case 'role':
        return fc.constantFrom('user', 'admin', 'superadmin', 'root', 'Admin');
      case 'password':
      case 'newPassword':
      case 'currentPassword':
        // Mostly too short, so few runs pay for a real scrypt (about 60 ms each); never the fixture
        // accounts' password, which would hash a new one.
        return fc.oneof(
          { weight: 6, arbitrary: fc.string({ maxLength: 7 }) },
          { weight: 1, arbitrary: fc.string({ minLength: 8, maxLength: 24 }).filter((text) => text !== quickPassword) },
        );
      default:
        return fc.string({ minLength: 1, maxLength: 20 });
    }
  })();
  return noisy ? fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 2, arbitrary: anyText }) : plausible;
}

type SchemaDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  format?: string;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/**
 * Values shaped like `schema` (right keys, mostly right types, plausible text), with a wrong value
 * swapped in at any node when `noisy`. Lists are kept short so writes that pass stay small.
 */
function shaped(world: FuzzWorld, schema: z.ZodType, noisy: boolean, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const entries = Object.entries(def.shape ?? {});
        const record = fc.record(Object.fromEntries(entries.map(([name, field]) => [name, shaped(world, field, noisy, name)])), {
          requiredKeys: entries.filter(([, field]) => !['optional', 'default'].includes(defOf(field).type)).map(([name]) => name),
        });
        if (!noisy) return record;
        const extra = fc.dictionary(fc.constantFrom('_id', 'id', 'role', '__proto__', 'constructor', 'extra'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
        return fc.tuple(record, fc.option(extra, { freq: 4 })).map(([value, more]) => (more ? { ...more, ...value } : value));
      }
      case 'array':
        return fc.array(shaped(world, def.element!, noisy, key), { maxLength: 5 });
      case 'string':
        return textFor(world, key, def.format, noisy);
      case 'number':
        return fc.oneof(fc.integer({ min: -10, max: 3000 }), fc.double());
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'optional':
      case 'default':
        return fc.option(shaped(world, def.innerType!, noisy, key), { nil: undefined, freq: 4 });
      case 'nullable':
        return fc.option(shaped(world, def.innerType!, noisy, key), { nil: null, freq: 4 });
      case 'pipe': {
        const out = defOf(def.out!);
        if (out.type === 'string' && out.format) return textFor(world, key, out.format, noisy);
        return shaped(world, def.in!, noisy, key);
      }
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => shaped(world, option, noisy, key)));
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  const value = inner();
  return noisy ? fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: wrongValue }) : value;
}

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

/** Bodies near and over the size limits (1 MB, and about 1.4 MB for the consent image). */
const hugeBodies = fc
  .tuple(fc.integer({ min: 900_000, max: 1_700_000 }), fc.constantFrom('imageBase64', 'name', 'email', 'question', 'answers'))
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
  return fc.tuple(...parts.map((part) => (part.startsWith(':') ? idSegment(world, route) : fc.constant(part)))).map((pieces) => pieces.join(''));
}

function queryFor(route: ApiRoute): fc.Arbitrary<string> {
  const known = route.query ? Object.keys(defOf(route.query).shape ?? {}) : [];
  const key = fc.oneof(
    { weight: 4, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('page') },
    { weight: 1, arbitrary: fc.constantFrom('', '__proto__', 'constructor', 'page[]', 'search[0]', 'limit[a]', 'year.x', 'passed ') },
    { weight: 1, arbitrary: printable(12) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', '0', '1', '2', '-1', '2.5', '1e3', '0x10', 'NaN', 'Infinity', 'true', 'false', 'All', '99999999999999999999', '2025', '1999', ' 12 ', '１２') },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 3, arbitrary: textUpTo(6_000) },
  );
  const pairs = fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 }).map((list) =>
    list.length === 0 ? '' : `?${list.map(([name, text, encode]) => (encode ? `${percentEncode(name)}=${percentEncode(text)}` : `${name}=${text}`)).join('&')}`,
  );
  return fc.oneof(
    { weight: 6, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&', '?=', '?&&==&', '?page', '?page=1&page=2', '?%', '?%zz=1', '?search=%E0%A4%A', '?a=1#fragment', '?search=%00') },
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
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'Bearer null', 'Bearer a.b.c', 'Bearer ....', 'Bearer eyJhbGciOiJub25lIn0.e30.') },
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

// ---------------------------------------------------------------------------------------------
// Properties

/** What must never reach a client: stack frames, error class names, paths, engine messages. */
const leaks: ReadonlyArray<RegExp> = [
  /^\s*at \S+/m,
  /\bat .*\(.*:\d+:\d+\)/,
  /Error:/,
  /node_modules/,
  /SQLITE/,
  /syntax error/i,
  /\.ts:\d+/,
  /kysely/i,
  /\bpg-protocol\b|violates .* constraint|relation ".*"/,
];

/** Checks one answer against the properties; returns what is wrong, or null. */
export function violation(route: ApiRoute, request: FuzzRequest, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `answered ${status}`;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return `answered ${status} with content-type ${String(response.headers['content-type'])}`;
  }
  // What the client sent may come back in a message (a bad id, say): only leaks the request lacked count.
  const sent = `${request.url}\n${JSON.stringify(request.headers)}\n${request.payload ?? ''}`;
  for (const pattern of leaks) {
    if (pattern.test(response.body) && !pattern.test(sent)) return `body leaks ${pattern}: ${response.body.slice(0, 300)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (status >= 400) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return `error body is not an object: ${response.body.slice(0, 200)}`;
    const { message, error, ...rest } = body as Record<string, unknown>;
    if (typeof message !== 'string' || message === '') return `error body without a message: ${response.body.slice(0, 200)}`;
    if (error !== undefined && typeof error !== 'string') return `error body with a non-text error: ${response.body.slice(0, 200)}`;
    if (Object.keys(rest).length > 0) return `error body with extra keys ${Object.keys(rest).join(', ')}`;
    if (status === 429 && !/^\d+$/.test(String(response.headers['retry-after'] ?? ''))) return '429 without Retry-After';
    return null;
  }
  if (status !== route.status && status !== 200) return `answered ${status}, the route answers ${route.status}`;
  const checked = route.response.safeParse(body);
  if (!checked.success) return `2xx body outside the response schema: ${checked.error.message.slice(0, 300)}`;
  return null;
}

/** Counts of statuses seen for one route, for the summary line. */
export type StatusTally = Map<number, number>;

/** Fuzzes one route `fuzzRuns` times; throws fast-check's report (with the seed) on a violation. */
export async function fuzzRoute(world: FuzzWorld, route: ApiRoute, tally: StatusTally): Promise<void> {
  const inject = (request: FuzzRequest) =>
    world.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    } as InjectOptions);

  const details = await fc.check(
    fc.asyncProperty(requestsFor(world, route), async (request) => {
      const response = await inject(request);
      tally.set(response.statusCode, (tally.get(response.statusCode) ?? 0) + 1);
      const problem = violation(route, request, response);
      if (problem) throw new Error(problem);
    }),
    { numRuns: fuzzRuns, ...(fuzzSeed !== undefined ? { seed: fuzzSeed } : {}) },
  );
  if (details.failed) {
    // fast-check's own report prints the whole request, which can be megabytes: shorten it.
    const [request] = (details.counterexample ?? []) as [FuzzRequest?];
    const clip = (text: string | undefined) => (text && text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text);
    const shown = request && { ...request, url: clip(request.url), payload: clip(request.payload) };
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${route.method} /api${route.url}: ${clip(cause)}\n` +
        `request (shrunk ${details.numShrinks} times): ${JSON.stringify(shown)}\n` +
        `replay with FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`,
    );
  }
}

/** One line per route: runs and statuses seen. */
export const summaryLine = (route: ApiRoute, tally: StatusTally) =>
  `fuzz ${`${route.method} /api${route.url}`.padEnd(52)} ${String(fuzzRuns).padStart(6)} runs  ${[...tally]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')}`;

/** Time one route may take: generous, the machine may be busy. */
export const routeTimeoutMs = 60_000 + fuzzRuns * 60;

/**
 * Runs the routes of one group: one app for the file, one `fc.assert` per route, unhandled
 * rejections watched throughout, and a summary line per route printed at the end.
 */
export function describeFuzz(group: keyof typeof fuzzGroups): void {
  const routes = routesOf(group);
  let world: FuzzWorld;
  const summary: string[] = [];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  // The real process (see environment.cjs): the sandbox's `process` never hears the event.
  const host = (globalThis as { hostProcess?: NodeJS.Process }).hostProcess;

  beforeAll(async () => {
    if (!host) throw new Error('Run the fuzz files in ./test/fuzz/environment.cjs (a @jest-environment docblock)');
    host.on('unhandledRejection', onRejection);
    world = await createWorld();
  }, 60_000);

  afterAll(async () => {
    host?.off('unhandledRejection', onRejection);
    await world?.close();
    if (summary.length > 0) process.stdout.write(`\n${summary.join('\n')}\n`);
  });

  describe(`fuzzing the ${group} routes (${fuzzRuns} runs each): never a 5xx, never internals, always the contract`, () => {
    it.each(routes.map((route) => [`${route.method} /api${route.url}`, route] as const))(
      '%s',
      async (_, route) => {
        const tally: StatusTally = new Map();
        const started = new Date().toISOString();
        try {
          await fuzzRoute(world, route, tally);
        } finally {
          summary.push(summaryLine(route, tally));
          await world.removeRowsSince(started);
        }
        // Give a stray promise of the last request a turn to reject before checking.
        await new Promise((resolve) => setImmediate(resolve));
        expect(rejections).toEqual([]);
      },
      routeTimeoutMs,
    );
  });
}
