import { request, type InsightsQuery, type InsightsResponse } from '@prometrica/shared-api';
import { insightPaths } from '@prometrica/shared-api/insights';

// The section's call lives with the admin remote, not in shared-api's root, which every first
// screen loads: it is only `request` with a path.

/** The filters as query-string values (absent ones left out), for the figures and the CSV alike. */
export function insightsParams(query: InsightsQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.version !== undefined) params.version = String(query.version);
  return params;
}

/** `GET admin/insights`: every figure of the section for the filters. */
export const getInsights = (query: InsightsQuery) =>
  request<InsightsResponse>('get', insightPaths.figures, { searchParams: insightsParams(query) });

export { insightPaths };
