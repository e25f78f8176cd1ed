import { z } from 'zod';

/** Every error the API sends: a human message, and optionally a short machine-readable code or field. */
export const errorResponseSchema = z.object({
  message: z.string(),
  error: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Ids are opaque strings on the wire (`_id`, as the spec names them). */
export const idSchema = z.string().trim().min(1, 'id is required').max(64, 'id is too long');
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** A reply that only carries a message. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** ISO-8601 timestamp string. */
export const isoDateTimeSchema = z.string();

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`: the process answers; nothing else is checked. */
export const liveResponseSchema = z.object({ status: z.literal('ok') });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** `GET /api/health/ready`: the database answers and has exactly this server's migrations (the last one named). */
export const readyResponseSchema = healthResponseSchema.extend({ migration: z.string().nullable() });
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
