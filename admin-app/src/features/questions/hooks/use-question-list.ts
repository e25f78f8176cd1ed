import { questionsApi, type QuestionListResponse } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';
import { useClampToLastPage, useServerPaging } from '../../../lib/use-server-paging';

/** One page of questions from the server, with debounced search and page-size choice; `initialSearch` comes from a link. */
export function useQuestionList(initialSearch = '') {
  const paging = useServerPaging(initialSearch);
  const { page, setPage, pageSize, debouncedSearch } = paging;
  const list = useFetch<QuestionListResponse>(
    () => questionsApi.getQuestions({ page, limit: pageSize, search: debouncedSearch }),
    [page, pageSize, debouncedSearch],
  );
  useClampToLastPage(page, list.data?.totalPages, setPage);
  return { ...paging, ...list };
}
