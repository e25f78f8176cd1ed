import { z } from 'zod';
import { personFields } from './auth';
import { isoDateTimeSchema } from './common';
import { limits, requiredText } from './fields';

// Workplace concerns: the concerns admins write and the ratings participants give them. In code
// the domain is "concerns" (a `Concern`, a `ConcernRating`, a `ConcernSubmission` of ratings, a
// concern's `ratingOptions`); the URL paths and the JSON field names (`complaints`, `complaint`,
// `complaintId`, `botherOptions`, `bothers`) are the product spec's and stay as it names them.

const ratingOptionsSchema = z
  .array(
    z
      .string({ error: 'botherOptions must be a list of text' })
      .trim()
      .max(limits.ratingOption, `each bother option must be at most ${limits.ratingOption} characters`),
    {
      error: 'botherOptions must be a list of text',
    },
  )
  .max(10, 'botherOptions can have at most 10 entries')
  .transform((options) => options.filter((o) => o.length > 0));

/** A concern as participants see it (`GET complaint-bother/get-all`), and the start of every other view of one. */
export const ratableConcernSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  botherOptions: z.array(z.string()),
});
export type RatableConcern = z.infer<typeof ratableConcernSchema>;

/** A workplace concern an admin wrote, which participants rate. */
export const concernSchema = ratableConcernSchema.extend({
  status: z.string(),
  reporterName: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Concern = z.infer<typeof concernSchema>;

export const concernInputSchema = z.object({
  title: requiredText('title', limits.title),
  description: requiredText('description', limits.description),
  botherOptions: ratingOptionsSchema.default([]),
  reporterName: z.string().trim().max(limits.name).optional(),
});
export type ConcernInput = z.output<typeof concernInputSchema>;

/** `POST complaint/create-complaint`: a list of concerns. */
export const createConcernsBodySchema = z
  .array(concernInputSchema, { error: 'body must be a list of complaints' })
  .min(1, 'at least one complaint is required')
  .max(50, 'at most 50 complaints at once');
export type CreateConcernsBody = z.input<typeof createConcernsBodySchema>;

export const concernStatusSchema = z.enum(['pending', 'resolved', 'in-progress', 'dismissed'], {
  error: 'status must be pending, resolved, in-progress or dismissed',
});

/** `PUT complaint/edit/{id}`. */
export const editConcernBodySchema = concernInputSchema.extend({
  id: z.string().optional(),
  status: concernStatusSchema.default('pending'),
});
export type EditConcernBody = z.input<typeof editConcernBodySchema>;

export const concernListResponseSchema = z.object({ complaints: z.array(concernSchema) });
export type ConcernListResponse = z.infer<typeof concernListResponseSchema>;

export const concernsCreatedResponseSchema = z.object({ message: z.string(), complaints: z.array(concernSchema) });
export type ConcernsCreatedResponse = z.infer<typeof concernsCreatedResponseSchema>;

export const concernResponseSchema = z.object({ message: z.string(), complaint: concernSchema });
export type ConcernResponse = z.infer<typeof concernResponseSchema>;

/** `GET complaint-bother/get-all`: the concerns a participant rates, as participants see them. */
export const ratableConcernListResponseSchema = z.object({ complaints: z.array(ratableConcernSchema) });
export type RatableConcernListResponse = z.infer<typeof ratableConcernListResponseSchema>;

/** `POST complaint-bother/add-complaint`: one chosen option per rated concern. */
export const concernRatingsBodySchema = z
  .array(
    z.object({
      complaintId: z
        .string({ error: 'complaintId is required' })
        .trim()
        .min(1, 'complaintId is required')
        .max(64, 'complaintId is too long'),
      botherOptions: z
        .array(z.string().trim().min(1, 'botherOptions must not be empty').max(limits.ratingOption), {
          error: 'botherOptions must be a list of text',
        })
        .min(1, 'botherOptions must have one choice')
        .max(1, 'botherOptions must have one choice'),
    }),
    { error: 'body must be a list of ratings' },
  )
  .min(1, 'select at least one concern')
  .max(100, 'too many ratings');
export type ConcernRatingsBody = z.infer<typeof concernRatingsBodySchema>;

export const concernRatingsResponseSchema = z.object({ message: z.string(), submissionId: z.string() });
export type ConcernRatingsResponse = z.infer<typeof concernRatingsResponseSchema>;

/** One rated concern inside a participant's submission (`complaintId`: the concern as it was rated). */
export const concernRatingSchema = z.object({
  _id: z.string(),
  complaintId: ratableConcernSchema.extend({ createdAt: isoDateTimeSchema }),
  botherOptions: z.array(z.string()),
  status: z.string(),
});
export type ConcernRating = z.infer<typeof concernRatingSchema>;

/** A participant's concern submission: their ratings (`bothers`), with who they are. */
export const concernSubmissionSchema = z.object({
  _id: z.string(),
  user: z.object(personFields),
  createdAt: isoDateTimeSchema,
  bothers: z.array(concernRatingSchema),
});
export type ConcernSubmission = z.infer<typeof concernSubmissionSchema>;

/** `GET complaint-bother/get-all-complaints`: every participant's submission. */
export const concernSubmissionListResponseSchema = z.object({
  message: z.string(),
  data: z.array(concernSubmissionSchema),
});
export type ConcernSubmissionListResponse = z.infer<typeof concernSubmissionListResponseSchema>;
