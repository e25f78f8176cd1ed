import '@mantine/charts/styles.layer.css';
import { Box, Button, Center, Loader, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import type { InsightsResponse } from '@prometrica/shared-api';
import { DownloadIcon, DownloadStatus, EmptyState, LoadError, PageHeader } from '../../../components';
import { useDownload } from '../../../lib/use-download';
import { useInsights } from '../hooks/use-insights';
import { insightPaths, insightsParams } from '../insights-api';
import { CategoryScores } from './category-scores';
import { CohortFigures } from './cohort-figures';
import { ConsistencyTable } from './consistency-table';
import { InsightFilters } from './insight-filters';
import { Panel } from './panel';
import { QuestionPanel } from './question-panel';
import { ScoreHistogram } from './score-histogram';
import classes from './insights.module.css';
import { insightsHeader } from '../header';

/** The day, for the file's name when the server names none. */
const today = () => new Date().toISOString().slice(0, 10);

/** Everything the figures show, once there are results under the filters. */
function Figures({ data }: { data: InsightsResponse }) {
  return (
    <>
      <CohortFigures cohort={data.cohort} />
      <div className={classes.pair}>
        <Panel title="Score Distribution" subtitle="Participants per ten-point band of the overall score">
          <ScoreHistogram
            histogram={data.cohort.histogram}
            height={280}
            caption="Participants per ten-point band of the overall score"
          />
        </Panel>
        <ConsistencyTable cohort={data.cohort} categories={data.categories} />
      </div>
      <CategoryScores categories={data.categories} />
      <QuestionPanel questions={data.questions} />
    </>
  );
}

/**
 * `/dashboard/insights`: item analysis and cohort statistics of one question-set version, for the
 * results submitted between two days (the filters are kept in the address: `?version=&from=&to=`).
 * Export CSV downloads the question table for the same filters.
 */
export function InsightsScreen() {
  const insights = useInsights();
  const download = useDownload();
  const { data, error, loading, reload } = insights;

  const exportCsv = () => {
    if (!data) return;
    const version = data.version ?? undefined;
    void download.start('Export CSV', {
      path: insightPaths.export,
      query: insightsParams({ ...insights.query, version }),
      fallbackName: `insights${version === undefined ? '' : `-version-${version}`}-${today()}.csv`,
    });
  };

  const header = (
    <PageHeader
      {...insightsHeader}
      actions={
        <Button
          variant="default"
          leftSection={<DownloadIcon size={16} />}
          onClick={exportCsv}
          disabled={!data || data.questions.length === 0 || insights.rangeError !== null || download.busy}
        >
          Export CSV
        </Button>
      }
    />
  );

  if (!data) {
    return (
      <Stack gap="lg">
        {header}
        {error ? (
          <LoadError title="Insights could not be loaded" message={error} onRetry={reload} />
        ) : (
          <Center mih="40vh" aria-busy="true">
            <Stack align="center" gap={4}>
              <Loader aria-label="Loading insights" />
              <Text c="dimmed">Loading insights...</Text>
            </Stack>
          </Center>
        )}
      </Stack>
    );
  }

  const empty = data.cohort.participants === 0;
  return (
    <Stack gap="lg">
      {header}
      <DownloadStatus {...download.view} />
      <InsightFilters
        filters={insights.filters}
        versions={data.versions}
        shownVersion={data.version}
        rangeError={insights.rangeError}
        onChange={insights.setFilter}
      />
      {error && <LoadError title="Insights could not be loaded" message={error} onRetry={reload} />}
      <Box pos="relative">
        <LoadingOverlay visible={loading} loaderProps={{ 'aria-label': 'Loading insights' }} />
        {empty ? (
          <Paper withBorder radius="md">
            <EmptyState
              title="No Submissions Yet"
              hint={
                insights.filtered
                  ? 'No results of this question set were submitted on these days'
                  : 'The figures appear here once participants submit the assessment'
              }
            />
          </Paper>
        ) : (
          <Stack gap="lg">
            <Figures data={data} />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
