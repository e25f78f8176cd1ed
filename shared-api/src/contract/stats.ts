import { z } from 'zod';
import { accountCountsSchema } from './users';

/** `GET admin/stats?year=`: every figure of the overview, aggregated in SQL. */
export const statsQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int('year must be a whole number')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be 2100 or earlier')
    .optional(),
});
export interface StatsQuery {
  year?: number;
}

/**
 * Participants (the people taking the assessment: the `participants` table) and staff accounts
 * (the `users` table, roles user, admin and superadmin) are different things, counted apart: the
 * account counts are the ones the users list sends (`accountCountsSchema`).
 */
const figures = accountCountsSchema.extend({ participants: z.number().int(), questions: z.number().int() });

export const statsResponseSchema = z.object({
  year: z.number().int(),
  totals: figures,
  /** The same figures as they stood at the end of last month, for the change labels. */
  lastMonth: figures,
  /**
   * The months of `year` that have begun (UTC), January first: all twelve for a past year, January
   * to this month for this year, none for a later one. Participants and questions added in each.
   */
  monthly: z.array(z.object({ month: z.number().int(), participants: z.number().int(), questions: z.number().int() })),
  /** Accounts per role and, under `participant`, the participants: the same figures as `totals`. */
  roles: z.array(z.object({ role: z.string(), count: z.number().int() })),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
