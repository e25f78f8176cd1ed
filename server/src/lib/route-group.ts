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

/** What a call on one row answers besides success: bad input, no or wrong credentials, no such row. */
const byIdErrors = [400, 401, 403, 404];

/** Declares the routes of a module: `route`, and the `editById` and `deleteById` shapes. */
export function routeGroup(defaults: RouteGroupDefaults) {
  function route<
    Response extends z.ZodType,
    Body extends z.ZodType | undefined = undefined,
    Query extends z.ZodType | undefined = undefined,
    Params extends z.ZodType | undefined = undefined,
  >(definition: GroupRouteDefinition<Body, Query, Params, Response>): ApiRoute {
    return defineRoute<Response, Body, Query, Params>({ ...defaults, ...definition });
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

  /** `DELETE .../:id`. */
  function deleteById<Response extends z.ZodType>(definition: ByIdDefinition<undefined, Response>): ApiRoute {
    return route<Response, undefined, undefined, IdParams>({
      errors: byIdErrors,
      ...definition,
      method: 'DELETE',
      params: idParamsSchema,
    });
  }

  return { route, editById, deleteById };
}

/** An idempotent create's reply: 201 when it stored something, 200 when the same call had been stored already. */
export function createdOrRepeated<T>(reply: FastifyReply, outcome: { created: boolean; response: T }): T {
  if (!outcome.created) reply.code(200);
  return outcome.response;
}
