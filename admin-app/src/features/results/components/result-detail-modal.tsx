import type { ReactNode } from 'react';
import { Badge, Center, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { performanceOf, type Performance, type Result } from '@prometrica/shared-api';
import {
  CheckIcon,
  CloseRow,
  CrossIcon,
  ListTable,
  LoadError,
  PaginationFooter,
  TruncatedText,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useClientPaging } from '../../../lib/use-client-paging';
import { useResultDetail } from '../hooks/use-result-detail';
import { PassBadge } from './pass-badge';

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
  const { data: result, error, loading, reload } = useResultDetail(resultId);
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
      <Overall result={result} />
      <CategoryPerformance result={result} />
      <Answers result={result} />
      <CloseRow onClose={onClose} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </div>
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

function CategoryPerformance({ result }: { result: Result }) {
  return (
    <Section title="Category Performance">
      {result.categories.length === 0 ? (
        <Text c="dimmed" size="sm">
          No category data available
        </Text>
      ) : (
        <ListTable minWidth={520} columns={['Category', 'Correct', 'Wrong', 'Total', 'Percent', 'Performance']} compact>
          {result.categories.map((c) => {
            const performance = c.performance ?? performanceOf(c.percent);
            return (
              <Table.Tr key={c.categoryName}>
                <Table.Td>{c.categoryName}</Table.Td>
                <Table.Td>{c.correctAnswer}</Table.Td>
                <Table.Td>{c.wrongAnswer}</Table.Td>
                <Table.Td>{c.totalAnswers}</Table.Td>
                <Table.Td>{c.percent}%</Table.Td>
                <Table.Td>
                  <Badge color={performanceColor[performance]} variant="light">
                    {performance}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </Section>
  );
}

function Answers({ result }: { result: Result }) {
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
          <ListTable minWidth={640} columns={['#', 'Question', 'Answer', 'Correct Answer', 'Result']} compact>
            {pageItems.map((answer, i) => (
              <Table.Tr key={offset + i}>
                <Table.Td>{offset + i + 1}</Table.Td>
                <Table.Td>
                  <TruncatedText text={answer.question} max={QUESTION_LENGTH} />
                </Table.Td>
                <Table.Td>
                  <TruncatedText text={answer.userAnswer} max={ANSWER_LENGTH} />
                </Table.Td>
                <Table.Td>
                  <TruncatedText text={answer.correctAnswer} max={ANSWER_LENGTH} />
                </Table.Td>
                <Table.Td>
                  {answer.isCorrect ? (
                    <Badge color="green" variant="light" leftSection={<CheckIcon size={12} />}>
                      Correct
                    </Badge>
                  ) : (
                    <Badge color="red" variant="light" leftSection={<CrossIcon size={12} />}>
                      Incorrect
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
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
