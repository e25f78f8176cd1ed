import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { Link } from 'react-router-dom';
import { Badge, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { questionKind, questionsApi, type Question } from '@prometrica/shared-api';
import {
  ConfirmDialog,
  EmptyState,
  LoadError,
  PageHeader,
  PaginationFooter,
  PlusIcon,
  RowActions,
  SearchInput,
  StatCard,
  TruncatedText,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { SERVER_PAGE_SIZES } from '../../../lib/paging';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useQuestionList } from '../hooks/use-question-list';
import { questionTypeLabels } from '../utils/question-form';
import { QuestionEditModal } from './question-edit-modal';
import { QuestionViewModal } from './question-view-modal';
import classes from './question-list.module.css';

/** Question text is cut to this many characters in the table (spec section 9). */
export const QUESTION_PREVIEW_LENGTH = 50;

/** `/dashboard/question-list`: the question bank, paged and searched on the server. */
export function QuestionListScreen() {
  const list = useQuestionList();
  const [viewing, setViewing] = useState<Question | null>(null);
  const [editing, setEditing] = useState<Question | null>(null);

  const questions = list.data?.questions ?? [];
  const totalQuestions = list.data?.totalQuestions ?? 0;
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);

  const { deleting, setDeleting, busy, confirmDelete } = useConfirmedDelete((item: Question) => questionsApi.deleteQuestion(item._id), { deleted: 'Question deleted', failed: 'The question was not deleted' }, list.reload);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Questions"
        description="Browse, search and maintain the question bank."
        actions={
          <Button component={Link} to={dashboardPath('add-question')} leftSection={<PlusIcon size={16} />}>
            Add Question
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <StatCard label="Total Questions" value={totalQuestions} description={list.debouncedSearch ? 'Matching your search' : 'Quiz questions available'} />
        <StatCard label="Pages" value={totalPages} description={`Page ${list.page} of ${totalPages}, ${list.pageSize} per page`} />
      </SimpleGrid>

      <SearchInput label="Search questions" value={list.search} onChange={list.setSearch} />

      {list.error && <LoadError title="Questions could not be loaded" message={list.error} onRetry={list.reload} />}

      <Paper withBorder radius="md" pos="relative" p={0}>
        <LoadingOverlay visible={list.loading} loaderProps={{ 'aria-label': 'Loading questions' }} />
        {!list.loading && !list.error && questions.length === 0 ? (
          <EmptyState
            title="No Questions Found"
            hint={list.debouncedSearch ? 'Try searching with different keywords' : 'Add the first question to get started'}
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Question</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {questions.map((question) => (
                  <Table.Tr key={question._id}>
                    <Table.Td className={classes.questionCell}>
                      <TruncatedText text={question.question} max={QUESTION_PREVIEW_LENGTH} />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {questionTypeLabels[questionKind(question.questionType)]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{question.category?.name ?? <Text c="dimmed" size="sm">Uncategorised</Text>}</Table.Td>
                    <Table.Td>{formatDate(question.createdAt)}</Table.Td>
                    <Table.Td className={classes.actions}>
                      <RowActions
                        view={{ label: 'View question', onClick: () => setViewing(question) }}
                        edit={{ label: 'Edit question', onClick: () => setEditing(question) }}
                        remove={{ label: 'Delete question', onClick: () => setDeleting(question) }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <PaginationFooter
        page={list.page}
        totalPages={totalPages}
        total={totalQuestions}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        pageSizes={SERVER_PAGE_SIZES}
        onPageSizeChange={list.setPageSize}
        itemLabel="questions"
      />

      <QuestionViewModal question={viewing} onClose={() => setViewing(null)} />
      <QuestionEditModal
        question={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete question"
        message="Are you sure you want to delete this question?"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
