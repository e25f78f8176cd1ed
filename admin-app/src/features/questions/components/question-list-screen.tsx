import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRowActions } from '../../../lib/use-row-actions';
import { Badge, Table, Text } from '@mantine/core';
import { questionKind, questionsApi, type Question } from '@prometrica/shared-api';
import { ActionsCell, ListCard, ListCards, ListScreen, ShortCell, TruncatedText } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { serverListPanel } from '../../../lib/use-server-paging';
import { dashboardPath, questionEditParams } from '../../../lib/dashboard-paths';
import { useQuestionList } from '../hooks/use-question-list';
import { questionTypeLabels } from '../utils/question-form';
import { QuestionEditModal } from './question-edit-modal';
import { QuestionViewModal } from './question-view-modal';
import classes from './question-list.module.css';
import { questionsHeader } from '../header';

/** Question text is cut to this many characters in the table (spec section 9). */
export const QUESTION_PREVIEW_LENGTH = 50;

const addQuestion = { label: 'Add Question', to: dashboardPath('add-question') };

function TypeBadge({ question }: { question: Question }) {
  return (
    <Badge variant="light" color="gray">
      {questionTypeLabels[questionKind(question.questionType)]}
    </Badge>
  );
}

function CategoryName({ question }: { question: Question }) {
  return (
    question.category?.name ?? (
      <Text c="dimmed" size="sm" component="span">
        Uncategorised
      </Text>
    )
  );
}

/**
 * `/dashboard/question-list`: the question bank, paged and searched on the server.
 * `?search=<text>&edit=<id>` (`questionEditPath`: other sections link to editing a question this
 * way) starts with that search and opens Edit Question for that question once the list shows it.
 */
export function QuestionListScreen() {
  const [params] = useSearchParams();
  const [initialSearch] = useState(() => params.get(questionEditParams.search) ?? '');
  const list = useQuestionList(initialSearch);

  const questions = list.data?.questions ?? [];
  const totalQuestions = list.data?.totalQuestions ?? 0;
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);

  const rows = useRowActions(list.reload, (item: Question) => questionsApi.deleteQuestion(item._id), 'question');

  // The question a link asked to edit, until the first list has shown whether it is there.
  const [editId, setEditId] = useState(() => params.get(questionEditParams.edit));
  const { open: openEditor } = rows.editing;
  const loaded = list.data && !list.loading ? list.data.questions : undefined;
  useEffect(() => {
    if (!editId || !loaded) return;
    const question = loaded.find((q) => q._id === editId);
    if (question) openEditor(question);
    setEditId(null);
  }, [editId, loaded, openEditor]);

  return (
    <ListScreen
      list={{ ...list, panel: serverListPanel(list, { count: questions.length, total: totalQuestions, totalPages }) }}
      rows={rows}
      header={{ ...questionsHeader, add: addQuestion }}
      statColumns={{ base: 2 }}
      stats={[
        {
          label: 'Total Questions',
          value: totalQuestions,
          description: list.debouncedSearch ? 'Matching your search' : 'Quiz questions available',
        },
        {
          label: 'Pages',
          value: totalPages,
          description: `Page ${list.page} of ${totalPages}, ${list.pageSize} per page`,
        },
      ]}
      search="Search questions"
      panel={{
        itemLabel: 'questions',
        empty: { title: 'No Questions Found', hint: 'Add the first question to get started' },
      }}
      table={{
        minWidth: 720,
        columns: ['Question', 'Type', 'Category', 'Created', 'Actions'],
        short: ['Type', 'Created', 'Actions'],
      }}
      cards={
        <ListCards label="Questions">
          {questions.map((question) => (
            <ListCard
              key={question._id}
              title={<TruncatedText text={question.question} max={QUESTION_PREVIEW_LENGTH} fw={600} />}
              badge={<TypeBadge question={question} />}
              fields={[
                { label: 'Category', value: <CategoryName question={question} /> },
                { label: 'Created', value: formatDate(question.createdAt) },
              ]}
              actions={{ subject: 'question', ...rows.actions(question) }}
            />
          ))}
        </ListCards>
      }
      modals={
        <>
          <QuestionViewModal question={rows.viewing} onClose={rows.closeView} />
          <QuestionEditModal {...rows.editing.editor} />
        </>
      }
    >
      {questions.map((question) => (
        <Table.Tr key={question._id}>
          <Table.Td className={classes.questionCell}>
            <TruncatedText text={question.question} max={QUESTION_PREVIEW_LENGTH} />
          </Table.Td>
          <ShortCell>
            <TypeBadge question={question} />
          </ShortCell>
          <Table.Td>
            <CategoryName question={question} />
          </Table.Td>
          <ShortCell>{formatDate(question.createdAt)}</ShortCell>
          <ActionsCell className={classes.actions} subject="question" {...rows.actions(question)} />
        </Table.Tr>
      ))}
    </ListScreen>
  );
}
