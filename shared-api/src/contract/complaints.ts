import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { limits, requiredText } from './fields';

const botherOptionsSchema = z
  .array(z.string({ error: 'botherOptions must be a list of text' }).trim().max(limits.botherOption, `each bother option must be at most ${limits.botherOption} characters`), {
    error: 'botherOptions must be a list of text',
  })
  .max(10, 'botherOptions can have at most 10 entries')
  .transform((options) => options.filter((o) => o.length > 0));

/** An admin complaint: a workplace concern participants rate. */
export const complaintSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  botherOptions: z.array(z.string()),
  status: z.string(),
  reporterName: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintInputSchema = z.object({
  title: requiredText('title', limits.title),
  description: requiredText('description', limits.description),
  botherOptions: botherOptionsSchema.default([]),
  reporterName: z.string().trim().max(limits.name).optional(),
});

/** `POST complaint/create-complaint`: a list of complaints. */
export const createComplaintsBodySchema = z
  .array(complaintInputSchema, { error: 'body must be a list of complaints' })
  .min(1, 'at least one complaint is required')
  .max(50, 'at most 50 complaints at once');
export type CreateComplaintsBody = z.input<typeof createComplaintsBodySchema>;

export const complaintStatusSchema = z.enum(['pending', 'resolved', 'in-progress', 'dismissed'], {
  error: 'status must be pending, resolved, in-progress or dismissed',
});

/** `PUT complaint/edit/{id}`. */
export const editComplaintBodySchema = complaintInputSchema.extend({
  id: z.string().optional(),
  status: complaintStatusSchema.default('pending'),
});
export type EditComplaintBody = z.input<typeof editComplaintBodySchema>;

export const complaintListResponseSchema = z.object({ complaints: z.array(complaintSchema) });
export type ComplaintListResponse = z.infer<typeof complaintListResponseSchema>;

export const complaintsCreatedResponseSchema = z.object({ message: z.string(), complaints: z.array(complaintSchema) });
export type ComplaintsCreatedResponse = z.infer<typeof complaintsCreatedResponseSchema>;

export const complaintResponseSchema = z.object({ message: z.string(), complaint: complaintSchema });
export type ComplaintResponse = z.infer<typeof complaintResponseSchema>;

/** `GET complaint-bother/get-all`: the concerns a participant rates. */
export const concernSchema = z.object({ _id: z.string(), title: z.string(), description: z.string(), botherOptions: z.array(z.string()) });
export type Concern = z.infer<typeof concernSchema>;
export const concernListResponseSchema = z.object({ complaints: z.array(concernSchema) });
export type ConcernListResponse = z.infer<typeof concernListResponseSchema>;

/** `POST complaint-bother/add-complaint`: one chosen option per rated concern. */
export const concernRatingsBodySchema = z
  .array(
    z.object({
      complaintId: z.string({ error: 'complaintId is required' }).trim().min(1, 'complaintId is required').max(64, 'complaintId is too long'),
      botherOptions: z
        .array(z.string().trim().min(1, 'botherOptions must not be empty').max(limits.botherOption), { error: 'botherOptions must be a list of text' })
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

/** One rated concern inside a participant's submission. */
export const botherSchema = z.object({
  _id: z.string(),
  complaintId: z.object({ _id: z.string(), title: z.string(), description: z.string(), botherOptions: z.array(z.string()), createdAt: isoDateTimeSchema }),
  botherOptions: z.array(z.string()),
  status: z.string(),
});
export type Bother = z.infer<typeof botherSchema>;

/** `GET complaint-bother/get-all-complaints`: submissions grouped by participant. */
export const concernSubmissionGroupSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string() }),
  createdAt: isoDateTimeSchema,
  bothers: z.array(botherSchema),
});
export type ConcernSubmissionGroup = z.infer<typeof concernSubmissionGroupSchema>;
export const concernSubmissionListResponseSchema = z.object({ message: z.string(), data: z.array(concernSubmissionGroupSchema) });
export type ConcernSubmissionListResponse = z.infer<typeof concernSubmissionListResponseSchema>;
