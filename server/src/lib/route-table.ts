import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { Role } from '@prometrica/shared-api/contract';
import { FileReply, sendFile } from './file-reply';
import { compressFromBytes, compressReply, PreparedJson, preferredEncoding, SerializedJson } from './json-reply';
import { parse } from './validation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route; the registration turns it into the auth hook and the docs into `security`. */
export type Access =
  | { kind: 'public' }
  /**
   * Any signed-in account when `roles` is absent. `enrolling`: a session that may only turn the
   * second factor on may call it too (every other route refuses such a session with 403).
   */
  | { kind: 'account'; roles?: readonly Role[]; enrolling?: true }
  /**
   * A participant token. `check: 'token'` trusts a valid signature alone (no database read): only
   * for calls whose reply is the same for every participant and holds nothing of theirs, or whose
   * handler reads the participant itself and answers 401 when it is gone.
   */
  | { kind: 'participant'; check?: 'token' }
  /** A participant token, or an account token with one of `roles`. */
  | { kind: 'participant-or-account'; roles: readonly Role[] };

/** The access rules the API uses. */
export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'account' },
  /** Signed in, even with a session that may only turn the second factor on. */
  signedInEnrolling: { kind: 'account', enrolling: true },
  superadmin: { kind: 'account', roles: ['superadmin'] },
  admins: { kind: 'account', roles: ['admin', 'superadmin'] },
  participant: { kind: 'participant' },
  participantToken: { kind: 'participant', check: 'token' },
  /** The handler reads the participant (with what it needs of theirs) and refuses one that is gone. */
  participantReadByHandler: { kind: 'participant', check: 'token' },
  participantOrAdmins: { kind: 'participant-or-account', roles: ['admin', 'superadmin'] },
} as const satisfies Record<string, Access>;

/** What a handler gets: the parsed input (never the raw request values) and the request itself. */
export interface RouteContext<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  request: FastifyRequest;
  /** Lets a handler answer with another 2xx than the route's `status` (an idempotent repeat). */
  reply: FastifyReply;
  app: FastifyInstance;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One API call: path, method, access and the contract schemas, read by both registration and docs. */
export interface RouteDefinition<
  Body extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Params extends z.ZodType | undefined,
  Response extends z.ZodType,
> {
  method: HttpMethod;
  /** Fastify path below `/api`, e.g. `/category/:id`. */
  url: string;
  /** Module the route belongs to (groups the docs). */
  tag: string;
  summary: string;
  access: Access;
  body?: Body;
  /**
   * A quicker reading of the usual body, giving exactly what `body` gives for it, or undefined for
   * anything else (which `body` then reads, naming what is wrong). Only for a hot call, held to its
   * schema by a property test.
   */
  readBody?: (value: unknown) => Parsed<Body> | undefined;
  query?: Query;
  params?: Params;
  response: Response;
  /**
   * The media type of a reply that is a file (`application/pdf`): the handler returns a `FileReply`
   * (lib/file-reply.ts), sent without JSON, contract check or compression, and `response` is
   * `fileResponseSchema`. The API reference and the fuzz tests read it. Absent: the reply is JSON.
   * A list: the file is of one of these types (an export as CSV or XLSX).
   */
  produces?: string | readonly string[];
  /** Status of a successful call (200 unless it creates something). */
  status?: 200 | 201;
  /** Other statuses the call answers with on purpose, for the docs. */
  errors?: readonly number[];
  /** A larger body limit than the server's default, in bytes. */
  bodyLimit?: number;
  /**
   * Returns the contract's value, or a reply prepared once and shared by many requests (already
   * checked against `response` when it was prepared), or one serialised from the contract's type,
   * or (a route with `produces`) a `FileReply`, sent as it is. A prepared reply at hand may be
   * returned as it is, without a promise: it is sent at once.
   */
  handler(
    context: RouteContext<Parsed<Body>, Parsed<Query>, Parsed<Params>>,
  ): PreparedJson | Promise<z.input<Response> | PreparedJson | SerializedJson | FileReply>;
}

/** A route in the table, its input types erased. */
export interface ApiRoute {
  method: HttpMethod;
  url: string;
  tag: string;
  summary: string;
  access: Access;
  body?: z.ZodType;
  readBody?: (value: unknown) => unknown;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  produces?: string | readonly string[];
  status: 200 | 201;
  errors: readonly number[];
  bodyLimit?: number;
  handler(context: RouteContext<unknown, unknown, unknown>): PreparedJson | Promise<unknown>;
}

/** Declares a route; the handler's input types follow from its schemas. */
export function defineRoute<
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
>(definition: RouteDefinition<Body, Query, Params, Response>): ApiRoute {
  return {
    ...definition,
    status: definition.status ?? 200,
    errors: definition.errors ?? [],
    handler: definition.handler as ApiRoute['handler'],
  } as ApiRoute;
}

/** A handler's reply broke the contract: a server bug, answered as a plain 500. */
export class ContractViolation extends Error {
  constructor(route: ApiRoute, issues: z.ZodError) {
    super(`${route.method} ${route.url} replied outside its response schema: ${issues.message}`);
    this.name = 'ContractViolation';
  }
}

function accessHook(
  app: FastifyInstance,
  rule: Access,
): preHandlerAsyncHookHandler | preHandlerHookHandler | undefined {
  switch (rule.kind) {
    case 'public':
      return undefined;
    case 'account':
      return app.authorize(rule.roles, rule.enrolling === true);
    case 'participant':
      return rule.check === 'token' ? app.authorizeParticipantToken() : app.authorizeParticipant();
    case 'participant-or-account':
      return app.authorizeParticipantOrAccount(rule.roles);
  }
}

/**
 * Sends a JSON reply of 1 KB or more compressed when the client accepts it. Public calls are never
 * compressed: they hand out tokens next to what the caller typed, the mix that lets an observer
 * of compressed sizes guess a secret (BREACH); their replies are small anyway.
 */
function sendJson(route: ApiRoute, request: FastifyRequest, reply: FastifyReply, value: unknown) {
  reply.type('application/json; charset=utf-8');
  if (value instanceof PreparedJson) return preparedBody(request, reply, value);
  const text = value instanceof SerializedJson ? value.text : JSON.stringify(value);
  if (route.access.kind === 'public' || text.length < compressFromBytes) return text;
  reply.header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return text;
  reply.header('content-encoding', encoding);
  return compressReply(Buffer.from(text, 'utf8'), encoding);
}

/** Whether a parsed query string holds no parameter. */
function isEmptyQuery(query: unknown): boolean {
  for (const _ in query as object) return false;
  return true;
}

/**
 * A route's query parser. A URL without parameters (most calls of a route whose parameters are
 * optional: getquestion's version) always parses to the same value: it is parsed once, frozen and
 * shared, and only a query with parameters goes through the schema.
 */
function queryParser(route: ApiRoute): ((query: unknown) => unknown) | undefined {
  const schema = route.query;
  if (!schema) return undefined;
  const empty = schema.safeParse({});
  if (!empty.success) return (query) => parse(schema, query, 'query');
  const emptyValue: unknown = Object.freeze(empty.data);
  return (query) => (isEmptyQuery(query) ? emptyValue : parse(schema, query, 'query'));
}

/** The bytes of a prepared reply for the request's `Accept-Encoding`, with the headers that say so. */
function preparedBody(request: FastifyRequest, reply: FastifyReply, value: PreparedJson): Buffer {
  const { body, encoding } = value.bodyFor(request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return body;
}

/** A handler's value sent as its route says: a file as it is, JSON checked against the contract unless prepared or serialised. */
function finish(route: ApiRoute, request: FastifyRequest, reply: FastifyReply, value: unknown) {
  if (value instanceof FileReply) return sendFile(reply, value);
  if (value instanceof PreparedJson || value instanceof SerializedJson) return sendJson(route, request, reply, value);
  const checked = route.response.safeParse(value);
  if (!checked.success) throw new ContractViolation(route, checked.error);
  return sendJson(route, request, reply, checked.data);
}

/**
 * Registers one route: access check first, then every body, query and param is parsed with its
 * schema (400 naming the field), and the reply is checked against the response schema, which
 * also drops any field the contract does not list.
 */
export function registerRoute(app: FastifyInstance, route: ApiRoute): void {
  const preHandler = accessHook(app, route.access);
  const parseQuery = queryParser(route);
  app.route({
    method: route.method,
    url: route.url,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    ...(preHandler ? { preHandler } : {}),
    // Parsing and the handler's first steps run at once (a bad input throws, and Fastify answers
    // with the error as it does a rejection). A prepared reply the handler has at hand is sent
    // without a promise; anything else is counted until it settles: the database closes only after
    // it (see `InFlight`).
    handler: (request, reply) => {
      const params = route.params ? parse(route.params, request.params, 'params') : undefined;
      const query = parseQuery?.(request.query);
      const body = route.body ? (route.readBody?.(request.body) ?? parse(route.body, request.body, 'body')) : undefined;
      reply.code(route.status);
      const value = route.handler({ body, query, params, request, reply, app });
      if (value instanceof PreparedJson) {
        reply.type('application/json; charset=utf-8');
        return preparedBody(request, reply, value);
      }
      return app.inFlight.run(async () => finish(route, request, reply, await value));
    },
  });
}
