import { useState } from 'react';
import { participantsApi, type ParticipantListResponse, type ParticipantStage } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';
import { useClampToLastPage, useServerPaging } from '../../../lib/use-server-paging';

/** Every stage, or one of them: the stage filter sent as `stage`. */
export type StageFilter = ParticipantStage | 'all';

/** One page of participants from the server, with the stage filter and debounced search. */
export function useParticipants() {
  const paging = useServerPaging();
  const { page, setPage, pageSize, debouncedSearch } = paging;
  const [stage, setStageState] = useState<StageFilter>('all');
  const list = useFetch<ParticipantListResponse>(
    () =>
      participantsApi.listParticipants({
        page,
        limit: pageSize,
        search: debouncedSearch,
        stage: stage === 'all' ? undefined : stage,
      }),
    [page, pageSize, debouncedSearch, stage],
  );
  useClampToLastPage(page, list.data?.totalPages, setPage);

  function setStage(value: StageFilter) {
    setStageState(value);
    setPage(1);
  }

  return { ...paging, ...list, stage, setStage };
}
