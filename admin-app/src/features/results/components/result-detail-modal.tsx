import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { performanceOf, type Performance, type Result } from '@prometrica/shared-api';
import {
  CheckIcon,
  CrossIcon,
  ListCard,
  ListCards,
  ListTable,
  ShortCell,
  LoadError,
  PaginationFooter,
  ReportIcon,
  TruncatedText,
  truncate,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useClientPaging } from '../../../lib/use-client-paging';
import { useResultDetail } from '../hooks/use-result-detail';
import { ConsentRecord, NotRecorded } from './consent-record';
import { Field, Section } from './detail-parts';
import { reportPathOf } from '../report-path';
import { PassBadge } from './pass-badge';
import { ReportBadge } from './report-badge';

/** Answers shown per page in the detail (spec section 9). */
export const ANSWERS_PER_PAGE = 10;
/** Truncation of questions and answers in the detail's list (spec section 9). */
export const QUESTION_LENGTH = 50;
export const ANSWER_LENGTH = 30;

const performanceColor: Record<Performance, string> = { Low: 'red', Average: 'yellow', High: 'green' };

export interface ResultDetailModalProps {
  /** Id of the result to show; null closes the modal. */
  resultId: string | null;
  onClose: () => void;
}

/** One participant's result: who, overall figures, performance per category and every answer. */
export function ResultDetailModal({ resultId, onClose }: ResultDetailModalProps) {
  const small = useMatchesMedia('(max-width: 48em)');
  return (
    <Modal opened={resultId !== null} onClose={onClose} title="Result Details" size="xl" fullScreen={Boolean(small)}>
      {resultId && <ResultDetail key={resultId} resultId={resultId} onClose={onClose} />}
    </Modal>
  );
}

function ResultDetail({ resultId, onClose }: { resultId: string; onClose: () => void }) {
  const { data, error, loading, reload } = useResultDetail(resultId);
  const result = data?.result;
  if (loading && !result) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading result" />
      </Center>
    );
  }
  if (error || !result)
    return <LoadError title="The result could not be loaded" message={error ?? 'Not found'} onRetry={reload} />;
  return (
    <Stack gap="lg">
      <ParticipantInfo result={result} />
      <ConsentRecord agreement={data?.agreement ?? null} />
      <Overall result={result} />
      <CategoryPerformance result={result} />
      <Answers result={result} />
      <Group justify="flex-end" gap="sm">
        <Button component={Link} to={reportPathOf(result._id)} variant="light" leftSection={<ReportIcon size={16} />}>
          Open report
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

function ParticipantInfo({ result }: { result: Result }) {
  return (
    <Section title="User Information">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
        <Field label="Name" value={result.user.name} />
        <Field label="Email" value={result.user.email} />
        <Field label="Phone Number" value={result.user.phoneNumber || '—'} />
        <Field label="Submitted" value={formatDate(result.createdAt)} />
        <Field label="Report" value={<ReportBadge report={result.report} />} />
        <Field
          label="Question set"
          value={
            typeof result.questionSetVersion === 'number' ? (
              `Question set v${result.questionSetVersion}`
            ) : (
              <NotRecorded />
            )
          }
        />
      </SimpleGrid>
    </Section>
  );
}

function Overall({ result }: { result: Result }) {
  const totals = result.userTotals;
  const figures: [string, ReactNode][] = [
    ['Correct', totals.correctAnswer],
    ['Wrong', totals.wrongAnswer],
    ['Total', totals.totalAnswers],
    ['Score', `${totals.percent}%`],
  ];
  return (
    <Section title="Overall">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder p="xs" radius="md" role="group" aria-label={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Paper>
        ))}
        <Paper withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed">
            Status
          </Text>
          <PassBadge passed={totals.passed} />
        </Paper>
      </SimpleGrid>
    </Section>
  );
}

function PerformanceBadge({ category }: { category: Result['categories'][number] }) {
  const performance = category.performance ?? performanceOf(category.percent);
  return (
    <Badge color={performanceColor[performance]} variant="light">
      {performance}
    </Badge>
  );
}

function AnswerBadge({ correct }: { correct: boolean }) {
  return correct ? (
    <Badge color="green" variant="light" leftSection={<CheckIcon size={12} />}>
      Correct
    </Badge>
  ) : (
    <Badge color="red" variant="light" leftSection={<CrossIcon size={12} />}>
      Incorrect
    </Badge>
  );
}

/** Per category: a table, or on a phone (where six columns do not fit) a card each. */
function CategoryPerformance({ result }: { result: Result }) {
  const small = useMatchesMedia('(max-width: 48em)');
  return (
    <Section title="Category Performance">
      {result.categories.length === 0 ? (
        <Text c="dimmed" size="sm">
          No category data available
        </Text>
      ) : small ? (
        <ListCards label="Categories">
          {result.categories.map((c) => (
            <ListCard
              key={c.categoryName}
              title={c.categoryName}
              badge={<PerformanceBadge category={c} />}
              fields={[
                { label: 'Correct', value: c.correctAnswer },
                { label: 'Wrong', value: c.wrongAnswer },
                { label: 'Total', value: c.totalAnswers },
                { label: 'Percent', value: `${c.percent}%` },
              ]}
            />
          ))}
        </ListCards>
      ) : (
        <ListTable
          minWidth={520}
          columns={['Category', 'Correct', 'Wrong', 'Total', 'Percent', 'Performance']}
          short={['Correct', 'Wrong', 'Total', 'Percent', 'Performance']}
          compact
        >
          {result.categories.map((c) => (
            <Table.Tr key={c.categoryName}>
              <Table.Td>{c.categoryName}</Table.Td>
              <ShortCell>{c.correctAnswer}</ShortCell>
              <ShortCell>{c.wrongAnswer}</ShortCell>
              <ShortCell>{c.totalAnswers}</ShortCell>
              <ShortCell>{c.percent}%</ShortCell>
              <ShortCell>
                <PerformanceBadge category={c} />
              </ShortCell>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </Section>
  );
}

function Answers({ result }: { result: Result }) {
  const small = useMatchesMedia('(max-width: 48em)');
  const { page, setPage, totalPages, pageItems } = useClientPaging(result.answers, ANSWERS_PER_PAGE);
  const offset = (page - 1) * ANSWERS_PER_PAGE;
  return (
    <Section title="Questions and Answers">
      {result.answers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No questions or answers found.
        </Text>
      ) : (
        <>
          {small ? (
            <ListCards label="Answers">
              {pageItems.map((answer, i) => (
                <ListCard
                  key={offset + i}
                  title={`${offset + i + 1}. ${truncate(answer.question, QUESTION_LENGTH)}`}
                  badge={<AnswerBadge correct={answer.isCorrect} />}
                  fields={[
                    { label: 'Answer', value: <TruncatedText text={answer.userAnswer} max={ANSWER_LENGTH} /> },
                    {
                      label: 'Correct Answer',
                      value: <TruncatedText text={answer.correctAnswer} max={ANSWER_LENGTH} />,
                    },
                  ]}
                />
              ))}
            </ListCards>
          ) : (
            <ListTable
              minWidth={640}
              columns={['#', 'Question', 'Answer', 'Correct Answer', 'Result']}
              short={['#', 'Result']}
              compact
            >
              {pageItems.map((answer, i) => (
                <Table.Tr key={offset + i}>
                  <ShortCell>{offset + i + 1}</ShortCell>
                  <Table.Td>
                    <TruncatedText text={answer.question} max={QUESTION_LENGTH} />
                  </Table.Td>
                  <Table.Td>
                    <TruncatedText text={answer.userAnswer} max={ANSWER_LENGTH} />
                  </Table.Td>
                  <Table.Td>
                    <TruncatedText text={answer.correctAnswer} max={ANSWER_LENGTH} />
                  </Table.Td>
                  <ShortCell>
                    <AnswerBadge correct={answer.isCorrect} />
                  </ShortCell>
                </Table.Tr>
              ))}
            </ListTable>
          )}
          <PaginationFooter
            page={page}
            totalPages={totalPages}
            total={result.answers.length}
            pageSize={ANSWERS_PER_PAGE}
            onPageChange={setPage}
            itemLabel="answers"
          />
        </>
      )}
    </Section>
  );
}
