import { z } from 'zod';
import { errorResponseSchema } from '@prometrica/shared-api/contract';
import type { Access, ApiRoute } from '../../lib/route-table';

type JsonSchema = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document this server writes. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  /** Who may call: `public`, `participant` and/or account roles. */
  'x-access': string[];
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  /** JSON, or for a route that answers with a file, its media type (`application/pdf`). */
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export const apiPrefix = '/api';

const errorDescriptions: Record<number, string> = {
  400: 'Bad input: the message names the field and the reason',
  401: 'No token, or an invalid or expired one',
  403: 'Signed in, but not allowed to do this',
  404: 'Unknown id',
  409: 'Conflicts with what is stored',
  410: 'Gone: the invitation or report link was withdrawn or has expired',
  413: 'Request body too large',
  429: 'Too many attempts: wait the seconds Retry-After gives',
  502: 'The mail server refused the message or could not be reached',
  503: 'Database unavailable',
};

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses): requests as sent, replies as received. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Who may call, in words and as OpenAPI security requirements. */
export function describeAccess(rule: Access): {
  who: string[];
  text: string;
  security: Array<Record<string, string[]>>;
} {
  switch (rule.kind) {
    case 'public':
      return { who: ['public'], text: 'No token needed.', security: [] };
    case 'participant':
      return {
        who: ['participant'],
        text: 'Participant token (from auth/validateuser).',
        security: [{ participantToken: [] }],
      };
    case 'account': {
      const roles = rule.roles ?? ['user', 'admin', 'superadmin'];
      return { who: [...roles], text: `Account token; role ${roles.join(' or ')}.`, security: [{ accountToken: [] }] };
    }
    case 'participant-or-account':
      return {
        who: ['participant', ...rule.roles],
        text: `Participant token, or an account token with role ${rule.roles.join(' or ')}.`,
        security: [{ participantToken: [] }, { accountToken: [] }],
      };
  }
}

/** `/category/:id` → `/api/category/{id}`. */
export const openApiPath = (url: string) => apiPrefix + url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
): NonNullable<OpenApiOperation['parameters']> {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

function operationOf(route: ApiRoute): OpenApiOperation {
  const rule = describeAccess(route.access);
  const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
  const responses: OpenApiOperation['responses'] = {
    [String(route.status)]: {
      description: route.status === 201 ? 'Created' : 'OK',
      content: route.produces
        ? Object.fromEntries(
            [route.produces].flat().map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
          )
        : { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } },
    },
  };
  for (const status of route.errors) {
    responses[String(status)] = {
      description: errorDescriptions[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    };
  }
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    description: rule.text,
    security: rule.security,
    'x-access': rule.who,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The API reference, generated from the route table and its contract schemas. */
export function buildOpenApiDocument(routes: readonly ApiRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prometrica API',
      version: '1.0.0',
      description:
        'Every call of the Prometrica assessment. Errors are JSON { message, error? }: 400 names the field, ' +
        '401 no or expired token, 403 wrong role, 404 unknown id, 409 conflict, 410 a withdrawn or expired ' +
        'invitation or report link, 413 body too large, 429 too many attempts (see Retry-After).',
    },
    paths,
    components: {
      securitySchemes: {
        accountToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'From POST /api/auth/login; carries the account (the stored role decides).',
        },
        participantToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'From POST /api/auth/validateuser; scoped to one participant and browser session.',
        },
      },
      schemas: { ErrorResponse: jsonSchemaOf(errorResponseSchema, 'output') },
    },
  };
}
