import { z } from 'zod';

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

const figures = z.object({ users: z.number().int(), questions: z.number().int(), admins: z.number().int() });

export const statsResponseSchema = z.object({
  year: z.number().int(),
  /** Users are participants plus accounts; admins are admin and superadmin accounts. */
  totals: figures,
  /** The same figures as they stood at the end of last month, for the change labels. */
  lastMonth: figures,
  /** Twelve entries, January first: users and questions created in each month of `year`. */
  monthly: z.array(z.object({ month: z.number().int(), users: z.number().int(), questions: z.number().int() })),
  /** Counts per role; participants are counted under `participant`. */
  roles: z.array(z.object({ role: z.string(), count: z.number().int() })),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
