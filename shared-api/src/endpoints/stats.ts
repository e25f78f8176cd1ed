import type { StatsQuery, StatsResponse } from '../contract/stats';
import { request } from '../client/http';

/** `GET admin/stats`: the overview's figures. */
export const getStats = (query: StatsQuery = {}) =>
  request<StatsResponse>('get', 'admin/stats', { searchParams: { year: query.year } });
