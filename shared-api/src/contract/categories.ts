import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { limits, requiredText } from './fields';

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: isoDateTimeSchema,
  questionCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** `POST category` and `PUT category/{id}`. */
export const categoryBodySchema = z.object({ name: requiredText('name', limits.categoryName) });
export type CategoryBody = z.infer<typeof categoryBodySchema>;

export const categoryListResponseSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

export const categoryResponseSchema = z.object({ message: z.string(), category: categorySchema });
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;
