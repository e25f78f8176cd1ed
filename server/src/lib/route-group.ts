import { idParamsSchema } from '@prometrica/shared-api/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { defineRoute, type Access, type ApiRoute, type RouteDefinition } from './route-table';
import { checkBodyId } from './validation';

// A module's routes share their tag (the docs' group) and mostly their access; the calls on one
// row by its id share a shape: `PUT .../:id` (a body that repeats the id must repeat it right) and
// `DELETE .../:id`. A group declares them with only what is particular to each call.

/** What a module's routes share unless a route names its own. */
export interface RouteGroupDefaults {
  tag: string;
  access: Access;
}

type IdParams = typeof idParamsSchema;

/** A route of a group: its tag and access are the group's unless it names its own. */
export type GroupRouteDefinition<
  Body extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Params extends z.ZodType | undefined,
  Response extends z.ZodType,
> = Omit<RouteDefinition<Body, Query, Params, Response>, keyof RouteGroupDefaults> & Partial<RouteGroupDefaults>;

/** A call on one row by its `:id`: the method and the params are the shape's, and so are the errors unless given. */
type ByIdDefinition<Body extends z.ZodType | undefined, Response extends z.ZodType> = Omit<
  GroupRouteDefinition<Body, undefined, IdParams, Response>,
  'method' | 'params' | 'query'
>;

/** A `POST` that creates: the method and the status are the shape's, and so are the errors unless given. */
type CreateDefinition<Body extends z.ZodType, Response extends z.ZodType> = Omit<
  GroupRouteDefinition<Body, undefined, undefined, Response>,
  'method' | 'status' | 'params' | 'query'
>;

/** A `GET` of a list, maybe with a query: the method is the shape's, and so are the errors unless given. */
type ListDefinition<Query extends z.ZodType | undefined, Response extends z.ZodType> = Omit<
  GroupRouteDefinition<undefined, Query, undefined, Response>,
  'method' | 'params' | 'body'
>;

/** What a call on one row answers besides success: bad input, no or wrong credentials, no such row. */
const byIdErrors = [400, 401, 403, 404];

/** What a create answers besides success: bad input, no or wrong credentials. */
const createErrors = [400, 401, 403];

/** What a list answers besides success: no or wrong credentials, and bad input when it takes a query. */
const listErrors = (query: z.ZodType | undefined) => (query ? [400, 401, 403] : [401, 403]);

/** Declares the routes of a module: `route`, and the `create`, `list`, `getById`, `editById` and `deleteById` shapes. */
export function routeGroup(defaults: RouteGroupDefaults) {
  function route<
    Response extends z.ZodType,
    Body extends z.ZodType | undefined = undefined,
    Query extends z.ZodType | undefined = undefined,
    Params extends z.ZodType | undefined = undefined,
  >(definition: GroupRouteDefinition<Body, Query, Params, Response>): ApiRoute {
    return defineRoute<Response, Body, Query, Params>({ ...defaults, ...definition });
  }

  /** `POST` that stores something new: 201. */
  function create<Response extends z.ZodType, Body extends z.ZodType>(
    definition: CreateDefinition<Body, Response>,
  ): ApiRoute {
    return route<Response, Body>({ errors: createErrors, ...definition, method: 'POST', status: 201 });
  }

  /** `GET` of a list. */
  function list<Response extends z.ZodType, Query extends z.ZodType | undefined = undefined>(
    definition: ListDefinition<Query, Response>,
  ): ApiRoute {
    return route<Response, undefined, Query>({ errors: listErrors(definition.query), ...definition, method: 'GET' });
  }

  /** A call on one row by its `:id` that sends no body: `GET` or `DELETE .../:id`. */
  function byId(method: 'GET' | 'DELETE') {
    return <Response extends z.ZodType>(definition: ByIdDefinition<undefined, Response>): ApiRoute =>
      route<Response, undefined, undefined, IdParams>({
        errors: byIdErrors,
        ...definition,
        method,
        params: idParamsSchema,
      });
  }

  /** `PUT .../:id`: an `id` the body repeats must be the URL's (400 before the handler runs). */
  function editById<Response extends z.ZodType, Body extends z.ZodType>(
    definition: ByIdDefinition<Body, Response>,
  ): ApiRoute {
    return route<Response, Body, undefined, IdParams>({
      errors: byIdErrors,
      ...definition,
      method: 'PUT',
      params: idParamsSchema,
      handler: (context) => {
        checkBodyId(context.params.id, (context.body as { id?: string }).id);
        return definition.handler(context);
      },
    });
  }

  return { route, create, list, getById: byId('GET'), editById, deleteById: byId('DELETE') };
}

/** An idempotent create's reply: 201 when it stored something, 200 when the same call had been stored already. */
export function createdOrRepeated<T>(reply: FastifyReply, outcome: { created: boolean; response: T }): T {
  if (!outcome.created) reply.code(200);
  return outcome.response;
}
