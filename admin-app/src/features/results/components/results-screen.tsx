import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { DateRangeFilter, ListPanel, PageHeader, SearchInput, SegmentedChoice, StatCard } from '../../../components';
import { serverListPanel } from '../../../lib/use-server-paging';
import { useResults, type PassFilter, type ReportFilter } from '../hooks/use-results';
import { resultsHeader } from '../header';
import { ResultCards } from './result-cards';
import { ResultDetailModal } from './result-detail-modal';
import { ResultExports } from './result-exports';
import { ResultTable } from './result-table';
import classes from './results.module.css';

const passChoices: { label: string; value: PassFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'True', value: 'true' },
  { label: 'False', value: 'false' },
];

const reportChoices: { label: string; value: ReportFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Draft', value: 'draft' },
  { label: 'Released', value: 'released' },
  { label: 'Opened', value: 'opened' },
];

/**
 * `/dashboard/result`: every participant's result, paged, filtered and searched on the server.
 * `?view=<id>` opens that result's details (other sections link to a result this way); the filters
 * are kept in the address too (`?passed=&report=&from=&to=`). The exports and the reports' archive
 * take the filters the list shows.
 */
export function ResultsScreen() {
  const list = useResults();
  const small = useMatchesMedia('(max-width: 48em)');
  const [params, setParams] = useSearchParams();
  const [viewing, setViewing] = useState<string | null>(() => params.get('view'));

  function closeDetail() {
    setViewing(null);
    if (params.has('view')) {
      setParams(
        (current) => {
          current.delete('view');
          return current;
        },
        { replace: true },
      );
    }
  }

  const results = list.data?.results ?? [];
  const summary = list.data?.summary;
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  const { filters, setFilter } = list;

  return (
    <Stack gap="lg">
      <PageHeader {...resultsHeader} />
      <ResultExports filter={list.filterQuery} disabled={list.rangeError !== null} />

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Total Results" value={summary?.total ?? 0} description="Submitted assessments" />
        <StatCard
          label="Passed"
          value={summary?.passed ?? 0}
          description="Scored 50% or more"
          accent="var(--mantine-color-green-6)"
        />
        <StatCard
          label="Failed"
          value={summary?.failed ?? 0}
          description="Scored under 50%"
          accent="var(--mantine-color-red-6)"
        />
        <StatCard
          label="Average Score"
          value={`${summary?.averagePercent ?? 0}%`}
          description="Across all results"
          accent="var(--mantine-color-blue-6)"
        />
      </SimpleGrid>

      <div className={classes.filters}>
        <SearchInput
          label="Search results"
          placeholder="Search by name or email..."
          value={list.search}
          onChange={list.setSearch}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed" id="passed-filter-label">
            Passed
          </Text>
          <SegmentedChoice
            aria-labelledby="passed-filter-label"
            data={passChoices}
            value={filters.passed}
            onChange={(value) => setFilter('passed', value)}
          />
        </Group>
        <NativeSelect
          label="Report"
          data={reportChoices}
          value={filters.report}
          onChange={(event) => setFilter('report', event.currentTarget.value as ReportFilter)}
        />
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          error={list.rangeError}
          onChange={(key, value) => setFilter(key, value)}
        />
      </div>

      <ListPanel
        itemLabel="results"
        list={serverListPanel(list, {
          count: results.length,
          total: list.data?.totalResults ?? 0,
          totalPages,
          searching: list.filtering,
        })}
        empty={{ title: 'No Results Found', hint: 'Results appear here once participants submit the quiz' }}
        searchHint="Try a different search or filter"
      >
        {small ? (
          <ResultCards results={results} onView={(r) => setViewing(r._id)} />
        ) : (
          <ResultTable results={results} onView={(r) => setViewing(r._id)} />
        )}
      </ListPanel>

      <ResultDetailModal resultId={viewing} onClose={closeDetail} />
    </Stack>
  );
}
