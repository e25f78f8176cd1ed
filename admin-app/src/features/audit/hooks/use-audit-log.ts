import { useState } from 'react';
import { auditApi, type AuditListQuery, type AuditListResponse } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';
import { useClampToLastPage, useServerPaging } from '../../../lib/use-server-paging';

/** The filters of the audit log: who (email contains), what (an action, '' for every one), when (days). */
export interface AuditFilters {
  action: string;
  from: string;
  to: string;
}

const noFilters: AuditFilters = { action: '', from: '', to: '' };

/** The filters as the API takes them (the actor is the paging's debounced search). */
export function auditQuery(actor: string, filters: AuditFilters): Omit<AuditListQuery, 'page' | 'limit'> {
  return {
    ...(actor ? { actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** One page of the audit log from the server, newest first, with its filters. */
export function useAuditLog() {
  const paging = useServerPaging();
  const { page, setPage, pageSize, debouncedSearch } = paging;
  const [filters, setFiltersState] = useState<AuditFilters>(noFilters);
  const list = useFetch<AuditListResponse>(
    () => auditApi.listAuditLog({ page, limit: pageSize, ...auditQuery(debouncedSearch, filters) }),
    [page, pageSize, debouncedSearch, filters],
  );
  useClampToLastPage(page, list.data?.totalPages, setPage);

  function setFilter(name: keyof AuditFilters, value: string) {
    setFiltersState((current) => ({ ...current, [name]: value }));
    setPage(1);
  }

  const filtering = Boolean(debouncedSearch || filters.action || filters.from || filters.to);
  return { ...paging, ...list, filters, setFilter, filtering, query: auditQuery(debouncedSearch, filters) };
}
