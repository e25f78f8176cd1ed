import { Badge, Group, List, Text } from '@mantine/core';
import { questionKind, type Question } from '@prometrica/shared-api';
import { DetailField, ViewModal } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { OPTION_LETTERS, questionTypeLabels } from '../utils/question-form';

/** `View Question`: text, options, correct answer and created date. */
export function QuestionViewModal({ question, onClose }: { question: Question | null; onClose: () => void }) {
  return (
    <ViewModal item={question} title="View Question" size="lg" onClose={onClose}>
      {(question) => (
        <>
          <DetailField label="Question">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.question}</Text>
          </DetailField>
          <Group gap="xl">
            <DetailField label="Type">
              <Badge variant="light">{questionTypeLabels[questionKind(question.questionType)]}</Badge>
            </DetailField>
            <DetailField label="Category">
              <Text>{question.category?.name ?? 'Uncategorised'}</Text>
            </DetailField>
          </Group>
          {question.options.length > 0 && questionKind(question.questionType) === 'mcq' && (
            <DetailField label="Options">
              <List size="sm" spacing={2}>
                {question.options.map((option, i) => (
                  <List.Item key={i}>
                    {OPTION_LETTERS[i] ?? i + 1}. {option}
                  </List.Item>
                ))}
              </List>
            </DetailField>
          )}
          <DetailField label="Correct Answer">
            <Text fw={600}>{question.correctAnswer}</Text>
          </DetailField>
          <DetailField label="Created">
            <Text>{formatDate(question.createdAt)}</Text>
          </DetailField>
        </>
      )}
    </ViewModal>
  );
}
