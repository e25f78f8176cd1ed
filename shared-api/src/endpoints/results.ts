import type { ResultListQuery, ResultListResponse, ResultResponse } from '../contract/results';
import { request } from '../client/http';

export const getResults = (query: ResultListQuery = {}) =>
  request<ResultListResponse>('get', 'admin/getquizresult', {
    searchParams: {
      page: query.page ?? 1,
      limit: query.limit ?? 25,
      search: query.search ?? '',
      passed: query.passed,
      from: query.from,
      to: query.to,
      report: query.report,
    },
  });

export const getResult = (id: string) =>
  request<ResultResponse>('get', `admin/getquizresult/${encodeURIComponent(id)}`);
