import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useItemModal } from '../../../lib/use-item-modal';
import { Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { questionKind, questionsApi, type Question } from '@prometrica/shared-api';
import {
  ActionsCell,
  AddButton,
  ListPanel,
  ListTable,
  PageHeader,
  SearchInput,
  StatCard,
  TruncatedText,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { serverListPanel } from '../../../lib/use-server-paging';
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

  const questions = list.data?.questions ?? [];
  const totalQuestions = list.data?.totalQuestions ?? 0;
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);

  const editing = useItemModal<Question>(list.reload);
  const remove = useConfirmedDelete((item: Question) => questionsApi.deleteQuestion(item._id), 'question', list.reload);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Questions"
        description="Browse, search and maintain the question bank."
        actions={<AddButton label="Add Question" to={dashboardPath('add-question')} />}
      />

      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <StatCard
          label="Total Questions"
          value={totalQuestions}
          description={list.debouncedSearch ? 'Matching your search' : 'Quiz questions available'}
        />
        <StatCard
          label="Pages"
          value={totalPages}
          description={`Page ${list.page} of ${totalPages}, ${list.pageSize} per page`}
        />
      </SimpleGrid>

      <SearchInput label="Search questions" value={list.search} onChange={list.setSearch} />

      <ListPanel
        itemLabel="questions"
        list={serverListPanel(list, { count: questions.length, total: totalQuestions, totalPages })}
        empty={{ title: 'No Questions Found', hint: 'Add the first question to get started' }}
        deleting={remove}
      >
        <ListTable minWidth={720} columns={['Question', 'Type', 'Category', 'Created', 'Actions']}>
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
              <Table.Td>
                {question.category?.name ?? (
                  <Text c="dimmed" size="sm">
                    Uncategorised
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(question.createdAt)}</Table.Td>
              <ActionsCell
                className={classes.actions}
                view={{ label: 'View question', onClick: () => setViewing(question) }}
                edit={{ label: 'Edit question', onClick: () => editing.open(question) }}
                remove={{ label: 'Delete question', onClick: () => remove.setDeleting(question) }}
              />
            </Table.Tr>
          ))}
        </ListTable>
      </ListPanel>

      <QuestionViewModal question={viewing} onClose={() => setViewing(null)} />
      <QuestionEditModal {...editing.editor} />
    </Stack>
  );
}
