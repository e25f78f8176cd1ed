import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorResponse } from '@prometrica/shared-api/contract';
import { HttpError } from '../lib/http-errors';
import { globalPlugin } from '../lib/plugin';
import { describeIssues, ValidationError } from '../lib/validation';

/** Gets a say on requests no route matched; returns true when it replied. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export interface ErrorsPluginOptions {
  /** Serves what is not an API route (the single-page app's index.html, build-missing notices). */
  fallback?: NotFoundFallback;
}

interface Outcome {
  status: number;
  body: ErrorResponse;
  headers?: Readonly<Record<string, string>>;
}

const internalError: Outcome = { status: 500, body: { message: 'Internal server error' } };

// Fastify's own request errors, reworded for people.
const fastifyErrors: Record<string, Outcome> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: { message: 'Invalid JSON body' } },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, body: { message: 'Invalid JSON body' } },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: { message: 'Request body is too large' } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: { message: 'Unsupported content type: send application/json' },
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    body: { message: 'Request body size did not match Content-Length' },
  },
  // Raised by the router, before any route or hook: see `frameworkErrorHandler`.
  FST_ERR_BAD_URL: { status: 400, body: { message: 'The URL is not valid: check its percent-encoding' } },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, body: { message: 'The URL is too long' } },
};

function describe(thrown: unknown): Outcome {
  // A schema's own `.parse()` used outside `parse()` still becomes a 400 naming the fields.
  const error = thrown instanceof ZodError ? new ValidationError(describeIssues(thrown, 'body')) : thrown;
  if (error instanceof HttpError) {
    const body: ErrorResponse = { message: error.message };
    if (error.error) body.error = error.error;
    return { status: error.statusCode, body, headers: error.headers };
  }
  if (typeof error !== 'object' || error === null) return internalError;
  const { code, statusCode, message } = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof code === 'string' && fastifyErrors[code]) return fastifyErrors[code];
  // Other client errors Fastify raises (bad URL, ...) carry messages meant for the caller.
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const text = typeof message === 'string' && message ? message : 'Bad request';
    return { status: statusCode, body: { message: text } };
  }
  return internalError;
}

/**
 * Fastify's `frameworkErrors` option: the router answers a URL it cannot decode, or a path
 * parameter over the length limit, before any route, hook or the error handler below applies to
 * the request; this gives those answers the same `{ message }` shape and `headers` (the security
 * headers, which the hooks cannot add here) instead of Fastify's own.
 */
export function createFrameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const outcome = describe(error);
    if (outcome === internalError) request.log.error({ err: error }, 'request failed');
    void reply.code(outcome.status).headers(headers).send(outcome.body);
  };
}

/** One error handler for the whole server: every failure is `{ message, error? }`, 5xx details stay in the log. */
export const errorsPlugin = globalPlugin<ErrorsPluginOptions>('errors', async (app, options) => {
  app.setErrorHandler((error, request, reply) => {
    const outcome = describe(error);
    if (outcome.status >= 500) {
      if (outcome === internalError) request.log.error({ err: error }, 'request failed');
      else request.log.warn({ err: error }, outcome.body.message);
    }
    if (outcome.headers) reply.headers(outcome.headers);
    return reply.code(outcome.status).send(outcome.body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.fallback && (await options.fallback(request, reply))) return reply;
    return reply.code(404).send({ message: 'Not found' } satisfies ErrorResponse);
  });
});
